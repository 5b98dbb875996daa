import { raw, type NextFunction, type Request, type Response } from 'express';
import { DATA_SET_CONTENT_TYPES } from '@loadline/shared';
import { DataSetError } from './data-sets.errors.js';

/**
 * Reads a data set upload (PUT /data-sets/:name, a CSV or JSON file as the body) into a
 * Buffer, up to the operator's byte limit. Mounted before the JSON body parser, which would
 * otherwise take application/json bodies with its own 2 MB limit and parse them as requests.
 * A larger body is refused while it arrives (Content-Length first), naming the limit.
 */
export function dataSetUploadBody(maxBytes: number) {
  const read = raw({ type: Object.keys(DATA_SET_CONTENT_TYPES), limit: maxBytes });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'PUT') return next();
    read(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') return next(DataSetError.tooLarge(maxBytes));
      next(error);
    });
  };
}
