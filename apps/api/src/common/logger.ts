import pino from 'pino';
import type { LoggerService } from '@nestjs/common';

/**
 * Structured JSON logs. Anything that could carry a secret is redacted by path, so a careless
 * log call cannot leak a token or a target header.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'loadline-api' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.headers', 'target.headers', 'payload.target.headers'],
      censor: '[redacted]',
    },
  };
  // A destination other than stdout only where a test reads what the API logs.
  return destination ? pino(options, destination) : pino(options);
}

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace';

/**
 * Routes Nest's log calls into pino. Our services log pino-style, `logger.warn({ runId }, 'text')`,
 * through Nest's Logger, which appends its context as the last argument; Nest itself logs
 * `(message, stack?, context)`. Both end up as one structured line.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: pino.Logger) {}

  private write(level: Level, message: unknown, params: unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const rest = context === undefined ? params : params.slice(0, -1);
    const text = rest.find((param): param is string => typeof param === 'string');
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.logger[level]({ context, ...(message as Record<string, unknown>) }, text ?? '');
    } else if (message instanceof Error) {
      this.logger[level]({ context, err: message }, text ?? message.message);
    } else {
      this.logger[level]({ context, ...(text ? { trace: text } : {}) }, String(message));
    }
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
}

export const LOGGER = Symbol('LOGGER');
