import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@loadline/shared';
import { CommonErrorCode } from '../errors/domain-error.js';

/** Deeper JSON than this is no Loadline document (plans nest about 8 levels): refused before any handler walks it. */
export const MAX_JSON_DEPTH = 32;

interface Problem {
  path: string;
  message: string;
}

/**
 * The first thing in a parsed body or query that no handler should see: nesting deeper than
 * MAX_JSON_DEPTH, or a NUL character in a string or a key (PostgreSQL refuses NUL in text, so
 * it would surface as a 500). Walks at most MAX_JSON_DEPTH levels, so it is cheap and never
 * recurses deeply itself.
 */
export function inputProblem(value: unknown, path = '', depth = 0): Problem | null {
  if (typeof value === 'string') return value.includes('\0') ? { path: path || '(value)', message: 'contains a NUL character (\\u0000)' } : null;
  if (value === null || typeof value !== 'object') return null;
  // A raw upload (a data set file): bytes, checked by the parser of its own route.
  if (value instanceof Uint8Array) return null;
  if (depth >= MAX_JSON_DEPTH) return { path: path || '(value)', message: `is nested more than ${MAX_JSON_DEPTH} levels deep` };
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return { path: childPath, message: 'has a name with a NUL character (\\u0000)' };
    const problem = inputProblem(child, childPath, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function refuse(res: Response, where: string, problem: Problem): void {
  const payload: ErrorBody = {
    error: {
      code: CommonErrorCode.VALIDATION_FAILED,
      message: `Invalid ${where}: ${problem.path} ${problem.message}`,
      details: [{ path: problem.path, message: problem.message }],
    },
  };
  res.status(400).json(payload);
}

/** Refuses NUL characters (path, query, body) and over-deep bodies with 400 at the edge, before any handler. */
export function inputGuard(req: Request, res: Response, next: NextFunction): void {
  if (/%00/i.test(req.originalUrl.split('?')[0] ?? '')) return refuse(res, 'path', { path: '(path)', message: 'contains a NUL character (%00)' });
  const query = inputProblem(req.query);
  if (query) return refuse(res, 'query', query);
  const body = inputProblem(req.body);
  if (body) return refuse(res, 'request body', body);
  next();
}
