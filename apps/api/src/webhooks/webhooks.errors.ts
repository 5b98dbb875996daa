import { DomainError } from '../common/errors/domain-error.js';

export enum WebhookErrorCode {
  WEBHOOK_NOT_FOUND = 'WEBHOOK_NOT_FOUND',
  DELIVERY_NOT_FOUND = 'DELIVERY_NOT_FOUND',
}

export class WebhookError extends DomainError<WebhookErrorCode> {}
