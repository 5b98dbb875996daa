import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/** Token kinds, told apart by their visible prefix. */
export const SESSION_TOKEN_PREFIX = 'lls';
export const API_KEY_PREFIX = 'llk';

export const SESSION_COOKIE = 'loadline_session';
/** Readable by the web app's script, which echoes it in the X-CSRF-Token header. */
export const CSRF_COOKIE = 'loadline_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface PresentedCredential {
  token: string;
  /** Cookies are sent by browsers on their own, so they need a CSRF check; headers do not. */
  via: 'header' | 'cookie';
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A malformed cookie is ignored, as browsers do.
    }
  }
  return cookies;
}

/** The Authorization: Bearer token if there is one, else the session cookie. */
export function presentedCredential(req: Request): PresentedCredential | undefined {
  const header = req.headers.authorization;
  if (header) {
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && token?.trim()) return { token: token.trim(), via: 'header' };
    return undefined;
  }
  const cookie = parseCookies(req.headers.cookie).get(SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/**
 * The CSRF token of a session: derived from the session token, so it needs no storage and
 * cannot be guessed by a page that cannot read the victim's cookies (double submit, signed).
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('loadline-csrf-v1').digest('base64url');
}

/** Whether a cookie-authenticated request carries the right CSRF token (safe methods need none). */
export function csrfSatisfied(req: Request, sessionToken: string): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const sent = req.headers[CSRF_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function secureCookies(req: Request): boolean {
  return req.secure;
}

/** Gives a browser its session: an HttpOnly session cookie and a readable CSRF cookie. */
export function setSessionCookies(req: Request, res: Response, token: string, expiresAt: Date): void {
  const common = { sameSite: 'lax' as const, secure: secureCookies(req), path: '/', expires: expiresAt };
  res.cookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  res.cookie(CSRF_COOKIE, csrfTokenFor(token), { ...common, httpOnly: false });
}

export function clearSessionCookies(req: Request, res: Response): void {
  const common = { sameSite: 'lax' as const, secure: secureCookies(req), path: '/' };
  res.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  res.clearCookie(CSRF_COOKIE, common);
}

/** Where a request came from, for sessions and the audit log. */
export function clientInfo(req: Request): { ip?: string; userAgent?: string } {
  return { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) };
}
