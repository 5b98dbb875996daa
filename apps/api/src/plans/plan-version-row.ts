import { decodeStored, type PlanSpec } from '@loadline/shared';
import type { PlanVersion } from '../generated/prisma/client.js';

/** A plan version as repositories hand it out: its spec decoded (stored-json.ts). */
export type PlanVersionRow = Omit<PlanVersion, 'spec'> & { spec: PlanSpec };

/** Versions are never changed once written, so each is decoded once per process. */
const decoded = new Map<string, PlanSpec>();
const MAX_DECODED = 2_000;

export function decodePlanVersion(row: PlanVersion): PlanVersionRow {
  let spec = decoded.get(row.id);
  if (spec === undefined) {
    spec = decodeStored('PlanVersion.spec', row.spec, row.jsonVersion, row.id);
    if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value!);
    decoded.set(row.id, spec);
  }
  return { ...row, spec };
}
