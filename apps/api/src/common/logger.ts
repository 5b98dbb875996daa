import pino from 'pino';
import type { LoggerService } from '@nestjs/common';

/**
 * Structured JSON logs. Anything that could carry a secret is redacted by path, so a careless
 * log call cannot leak a token or a target header.
 */
export function createLogger(level: string): pino.Logger {
  return pino({
    level,
    base: { service: 'loadline-api' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.headers',
        'target.headers',
        'payload.target.headers',
      ],
      censor: '[redacted]',
    },
  });
}

/** Routes Nest's own log lines into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: pino.Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
