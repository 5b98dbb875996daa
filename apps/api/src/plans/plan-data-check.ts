import { planDataReferences, type DataColumn, type PlanSpec } from '@loadline/shared';
import { PlanError, PlanErrorCode } from './plans.errors.js';

/** The columns of the version a plan would use, or null when the organization has no such set or version. */
export type ColumnsOf = (set: string, version?: number) => Promise<{ version: number; columns: DataColumn[] } | null>;

/**
 * At save: every data set the plan uses exists in the organization (at its pinned version, if
 * any), and every {{data.set.column}} names one of that version's columns. Refused with 422,
 * each problem named by its path, like the plan's other issues.
 */
export async function checkPlanDataColumns(spec: PlanSpec, columnsOf: ColumnsOf): Promise<void> {
  if (!spec.data.length) return;
  const columns = new Map<string, Set<string>>();
  const missing: { path: string; message: string }[] = [];
  for (const [index, use] of spec.data.entries()) {
    const found = await columnsOf(use.set, use.version);
    if (found) columns.set(use.set, new Set(found.columns.map((column) => column.name)));
    else
      missing.push({
        path: `data.${index}.set`,
        message: use.version === undefined ? `no data set ${use.set}` : `data set ${use.set} has no version ${use.version}`,
      });
  }
  if (missing.length) {
    throw new PlanError(PlanErrorCode.UNKNOWN_DATA_SET, `Unknown data set: ${missing.map((item) => item.message).join('; ')}`, missing);
  }
  const unknown = planDataReferences(spec)
    .filter((reference) => !columns.get(reference.set)?.has(reference.column))
    .map((reference) => ({
      path: reference.path.join('.'),
      message: `data set ${reference.set} has no column ${reference.column} (it has ${[...columns.get(reference.set)!].join(', ')})`,
    }));
  if (unknown.length) {
    throw new PlanError(
      PlanErrorCode.UNKNOWN_DATA_COLUMN,
      `Unknown data column: ${unknown[0]!.message}${unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : ''}`,
      unknown,
    );
  }
}
