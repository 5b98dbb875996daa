import { z } from 'zod';

/**
 * Every 4xx/5xx body the API sends has this shape. `details` lists per-field problems
 * for validation errors (path is the JSON path of the offending field).
 */
export const errorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  /** Where in an uploaded file (data sets): the 1-based line of a CSV, the 0-based row of a JSON array, the column. */
  line: z.number().int().optional(),
  row: z.number().int().optional(),
  column: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema),
    /** The request's id (its X-Request-Id): the access log and error log lines carry the same. */
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Turns a zod error into the `details` of an error body. */
export function zodIssuesToDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}
