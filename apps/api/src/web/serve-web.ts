import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/**
 * Serves the built single-page app at `/`: real files when they exist, index.html for any
 * other GET outside /api so client-side routes survive a reload. Returns false when there is
 * no build to serve.
 */
export function serveWebApp(server: Express, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  server.use(express.static(distDir, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  server.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}

function noCacheForHtml(res: Response, filePath: string): void {
  if (filePath.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}
