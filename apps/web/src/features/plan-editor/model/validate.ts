import { createPlanSchema } from '@loadline/shared';
import type { z } from 'zod';
import { detailsToFieldErrors, mergeFieldErrors, zodErrorToFieldErrors, type FieldErrors } from '../../../forms/field-errors';
import { asSentence } from '../../../forms/issue-messages';
import { rowPathForKey } from './kv-rows';
import { planToInput } from './to-spec';
import type { PlanForm } from './form-types';

export type CreatePlanBody = z.output<typeof createPlanSchema>;

const BODY_PARTS = new Set(['json', 'text', 'contentType', 'type', 'fields', 'kind']);

/**
 * Errors from the schema or the API, at the fields that show them:
 * - the one-scenario shorthand ("load.vus", "requests.1.path") is scenario 0;
 * - a record entry ("…headers.Authorization", "…body.fields.q", a form field's template error
 *   "…body.q") is the row holding that key;
 * - a threshold's "request" or "scenario" is its scope select; a refusal of its whole window or
 *   stop rule shows at that rule's first field.
 */
export function mapErrorsToForm(errors: FieldErrors, form: PlanForm): FieldErrors {
  const mapped: Record<string, string> = {};
  for (const [raw, message] of Object.entries(errors)) {
    let path = /^(load|requests)(\.|$)/.test(raw) ? `scenarios.0.${raw}` : raw;
    path = path
      .replace(/^(thresholds\.\d+)\.(request|scenario)$/, '$1.scope')
      .replace(/^(thresholds\.\d+)\.(window|stop)$/, (_, at: string, rule: string) => `${at}.${rule}.after`);
    const step = /^scenarios\.(\d+)\.requests\.(\d+)\.(.+)$/.exec(path);
    const formStep = step ? form.scenarios[Number(step[1])]?.steps[Number(step[2])] : undefined;
    if (step && formStep) {
      const at = `scenarios.${step[1]}.requests.${step[2]}`;
      const rest = step[3]!;
      const record = /^(query|headers|metadata)\.(.+)$/.exec(rest);
      const bodyPart = /^body\.(?:fields\.)?(.+)$/.exec(rest)?.[1];
      if (record) {
        const key = record[1] as 'query' | 'headers' | 'metadata';
        path = rowPathForKey(formStep[key], `${at}.${key}`, record[2]!);
      } else if (bodyPart !== undefined && formStep.bodyKind === 'form' && (rest.startsWith('body.fields.') || !BODY_PARTS.has(bodyPart))) {
        path = rowPathForKey(formStep.formFields, `${at}.body.fields`, bodyPart);
      }
    }
    if (!(path in mapped)) mapped[path] = message;
  }
  return mapped;
}

/** Messages that read better in the editor than the schema's wording; every one a sentence, as the other forms' (forms/issue-messages). */
function friendlier(errors: FieldErrors): FieldErrors {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === 'targetId') out[path] = 'Choose a target';
    else if (/\.load\.maxVUs$/.test(path) && /maxVUs must be at least/i.test(message)) out[path] = 'Enter at least the pre-allocated VUs';
    else if (/^Invalid input: expected number, received NaN$/.test(message)) out[path] = 'Enter a number';
    else out[path] = asSentence(message);
  }
  return out;
}

/** Client-side validation with the shared schema: what the API would say, before asking it. */
export function validatePlanForm(form: PlanForm): { body: CreatePlanBody | null; errors: FieldErrors } {
  const { input, errors: typing } = planToInput(form);
  const parsed = createPlanSchema.safeParse(input);
  const schemaErrors = parsed.success ? {} : mapErrorsToForm(zodErrorToFieldErrors(parsed.error), form);
  const errors = friendlier(mergeFieldErrors(typing, schemaErrors));
  const valid = parsed.success && Object.keys(errors).length === 0;
  return { body: valid ? parsed.data : null, errors };
}

/** An API error's details, at the editor's fields. */
export function apiErrorsToForm(details: readonly { path: string; message: string }[], form: PlanForm): FieldErrors {
  return friendlier(mapErrorsToForm(detailsToFieldErrors(details), form));
}
