import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pathForLog, routeOf } from './route-of.js';

const request = (fields: Record<string, unknown>) => fields as unknown as IncomingMessage;

describe('the path an access-log line carries', () => {
  it('keeps ids (what a reader follows) and the query out', () => {
    const req = request({ baseUrl: '/api/v1', route: { path: '/runs/:id' }, params: { id: 'cmrun1' }, originalUrl: '/api/v1/runs/cmrun1?x=1' });
    expect(routeOf(req)).toBe('/api/v1/runs/:id');
    expect(pathForLog(req)).toBe('/api/v1/runs/cmrun1');
  });

  it('never carries a share, invitation or trigger token', () => {
    for (const [route, url] of [
      ['/public/reports/:token', '/api/v1/public/reports/s3cr3t-T0ken'],
      ['/invitations/:token/accept', '/api/v1/invitations/s3cr3t-T0ken/accept'],
      ['/triggers/:token', '/api/v1/triggers/s3cr3t-T0ken'],
    ]) {
      const path = pathForLog(request({ baseUrl: '/api/v1', route: { path: route }, params: { token: 's3cr3t-T0ken' }, originalUrl: url }));
      expect(path).toBe(`/api/v1${route}`);
    }
  });

  it('redacts an unmatched path, whose segments may be anything', () => {
    const path = pathForLog(request({ originalUrl: '/api/v1/public/reports/s3cr3t-T0ken/typo?k=v' }));
    expect(path).not.toContain('s3cr3t');
    expect(path).toBe('/api/v1/public/reports/:redacted/typo');
  });
});
