import type { NextFunction, Request, Response } from 'express';

/** The web app loads only its own files; uPlot and React set inline styles, nothing runs inline. */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Swagger UI needs its inline bootstrap; it is only served under /api/docs. */
const DOCS_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/**
 * Security headers on every response (what helmet would set, spelled out): no sniffing, no
 * framing, no referrer (share links must not leak through it), a strict CSP for the app, HSTS
 * when served over TLS, and no caching of API answers.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  res.setHeader('Content-Security-Policy', req.path.startsWith('/api/docs') ? DOCS_CSP : APP_CSP);
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  if (req.path.startsWith('/api/v1/')) res.setHeader('Cache-Control', 'no-store');
  // Shared reports open without a login; search engines must not index them even when a link
  // leaks, and the page's own meta tag only works where JavaScript runs.
  if (req.path.startsWith('/r/') || req.path.startsWith('/api/v1/public/')) res.setHeader('X-Robots-Tag', 'noindex, nofollow, noarchive');
  next();
}
