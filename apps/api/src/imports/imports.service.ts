import { Injectable } from '@nestjs/common';
import { ImportError, importPlan, type ImportedPlan } from '@loadline/shared';
import type { z } from 'zod';
import type { importPlanSchema } from '@loadline/shared';
import { PlanImportError } from './imports.errors.js';

/**
 * Reads an OpenAPI document, a HAR recording or curl lines into a draft plan. Nothing is
 * stored: the client shows the draft, picks a target and saves it with POST /plans.
 */
@Injectable()
export class ImportsService {
  draft(input: z.infer<typeof importPlanSchema>): ImportedPlan {
    try {
      return importPlan(input);
    } catch (error) {
      if (error instanceof ImportError) throw PlanImportError.from(error);
      throw error;
    }
  }
}
