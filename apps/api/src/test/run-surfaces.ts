import { expect } from 'vitest';
import type { ApiClient } from './api-client.js';

/**
 * Everything a run shows to someone who may only look, as text, for tests that look for a
 * secret where it must not be: the VIEWER answers at `paths`, the run's exports (JSON, CSV,
 * JUnit) and its public share page (a link the owner makes). Each must answer 200.
 */
export async function runSurfaces(
  owner: ApiClient,
  viewer: ApiClient,
  publicApi: ApiClient,
  runId: string,
  paths: readonly string[],
): Promise<{ where: string; text: string }[]> {
  const surfaces: { where: string; text: string }[] = [];
  for (const path of paths) {
    const answer = await viewer.get(path);
    expect(answer.status, path).toBe(200);
    surfaces.push({ where: `VIEWER ${path}`, text: JSON.stringify(answer.body) });
  }
  for (const format of ['json', 'csv', 'junit']) {
    const file = await viewer.raw(`/runs/${runId}/export?format=${format}`);
    expect(file.status, format).toBe(200);
    surfaces.push({ where: `export ${format}`, text: await file.text() });
  }
  const share = (await owner.post<{ token: string }>(`/runs/${runId}/share-links`, {})).body;
  const publicReport = await publicApi.get(`/public/reports/${share.token}`);
  expect(publicReport.status).toBe(200);
  surfaces.push({ where: 'public report', text: JSON.stringify(publicReport.body) });
  return surfaces;
}
