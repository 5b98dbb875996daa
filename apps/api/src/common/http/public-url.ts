import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { API_ENV, type ApiEnv } from '../../config/env.js';

/**
 * The base URL people reach the web app at, for links the API hands out (invites, share
 * links): LOADLINE_PUBLIC_URL when set, else the origin the request came to.
 */
@Injectable()
export class PublicUrl {
  constructor(@Inject(API_ENV) private readonly env: ApiEnv) {}

  of(req: Request): string {
    if (this.env.LOADLINE_PUBLIC_URL) return this.env.LOADLINE_PUBLIC_URL.replace(/\/$/, '');
    return `${req.protocol}://${req.get('host') ?? `${this.env.LOADLINE_HOST}:${this.env.LOADLINE_PORT}`}`;
  }
}
