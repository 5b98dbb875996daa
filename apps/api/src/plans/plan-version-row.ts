import { decodeStored, type PlanSpec } from '@loadline/shared';
import type { PlanVersion } from '../generated/prisma/client.js';
import { Memo } from '../common/memo.js';

/** A plan version as repositories hand it out: its spec decoded (stored-json.ts). */
export type PlanVersionRow = Omit<PlanVersion, 'spec'> & { spec: PlanSpec };

/** Versions are never changed once written, so each is decoded once per process. */
const decoded = new Memo<PlanSpec>(2_000);

export function decodePlanVersion(row: PlanVersion): PlanVersionRow {
  return { ...row, spec: decoded.get(row.id, () => decodeStored('PlanVersion.spec', row.spec, row.jsonVersion, row.id)) };
}
