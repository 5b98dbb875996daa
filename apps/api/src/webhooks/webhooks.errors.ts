import { DomainError } from '../common/errors/domain-error.js';

export enum WebhookErrorCode {
  WEBHOOK_NOT_FOUND = 'WEBHOOK_NOT_FOUND',
  DELIVERY_NOT_FOUND = 'DELIVERY_NOT_FOUND',
}

/** The HTTP status each code answers with. */
const STATUS: Record<WebhookErrorCode, number> = {
  [WebhookErrorCode.WEBHOOK_NOT_FOUND]: 404,
  [WebhookErrorCode.DELIVERY_NOT_FOUND]: 404,
};

export class WebhookError extends DomainError<WebhookErrorCode> {
  readonly status = STATUS[this.code];
}
