import { z } from 'zod';
import { runSchema, type RunView } from '../runs.js';
import { runSeriesSchema, type RunSeries } from '../series-view.js';
import { planTrendSchema, trendChangeSchema, trendPointSchema, type PlanTrend } from './trend.js';

/** How long a share link lives when nobody says (days), and the most it may. */
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 365;

export const createShareSchema = z.object({
  /** Omitted: 30 days. A public link always ends; revoke it to end it sooner. */
  expiresInDays: z.number().int().min(1).max(SHARE_MAX_DAYS).default(SHARE_DEFAULT_DAYS),
});

export const shareViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['run', 'trend']),
  runId: z.string().nullable(),
  planId: z.string().nullable(),
  /** What the link shows, for the list ("Checkout baseline, run of 21 Nov"). */
  title: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ShareView = z.infer<typeof shareViewSchema>;

/** The answer to creating a link: the token (and URL) are shown once; only a hash is kept. */
export const createdShareSchema = z.object({ share: shareViewSchema, token: z.string(), url: z.string() });
export type CreatedShare = z.infer<typeof createdShareSchema>;

/**
 * A run report as the public sees it: no ids (run, plan, target), no address of the target,
 * no headers or variables, no runner names. Error messages lose the URLs k6 put in them.
 */
export const publicRunSchema = runSchema.omit({ id: true, planId: true, targetId: true, cancelRequestedAt: true });
export type PublicRun = z.infer<typeof publicRunSchema>;

/** A trend as the public sees it: its points are known by their time, not by run ids. */
export const publicTrendSchema = planTrendSchema.extend({
  points: z.array(trendPointSchema.omit({ runId: true })),
  /** Change points by when the run at the new level was made: run ids stay private. */
  changePoints: z.array(trendChangeSchema.omit({ runId: true, previousRunId: true }).extend({ at: z.string() })).default([]),
});
export type PublicTrend = z.infer<typeof publicTrendSchema>;

export function toPublicTrend(trend: PlanTrend): PublicTrend {
  const createdAt = new Map(trend.points.map((point) => [point.runId, point.createdAt]));
  return {
    ...trend,
    points: trend.points.map(({ runId: _runId, ...point }) => point),
    changePoints: trend.changePoints.map(({ runId, previousRunId: _previous, ...change }) => ({ ...change, at: createdAt.get(runId) ?? '' })),
  };
}

export const publicShareSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('run'), run: publicRunSchema, series: runSeriesSchema.omit({ runId: true }), expiresAt: z.string().nullable() }),
  z.object({ kind: z.literal('trend'), trend: publicTrendSchema, expiresAt: z.string().nullable() }),
]);
export type PublicShare = z.infer<typeof publicShareSchema>;

/**
 * A message as the public may read it: URLs become <target>; IP addresses (v4, v6, with or
 * without a port), host:port pairs and absolute file paths become <address> or <path>. k6 and
 * the runner name internal hosts, resolvers and paths in their errors ("dial tcp
 * 10.2.3.4:5432", "lookup db.internal on 10.0.0.2:53", "/tmp/loadline-runner/…").
 */
export function scrubPublicText(text: string): string {
  return (
    text
      .replace(/\b(?:https?|wss?|grpcs?):\/\/[^\s"')]+/g, '<target>')
      .replace(/\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d+)?/gi, '<address>')
      .replace(/(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?:\d+\.\d+\.\d+\.\d+)?(?![\w:])/gi, (match) =>
        match.includes('::') || match.split(':').length > 3 ? '<address>' : match,
      )
      .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '<address>')
      // host:port, not file:line:column (script.js:3:5).
      .replace(/\b(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*:\d{2,5}\b(?!:\d)/gi, '<address>')
      .replace(/\blookup [^\s:]+/g, 'lookup <host>')
      .replace(/(?<![\w<])\/(?:[\w.-]+\/)+[\w.-]*/g, '<path>')
  );
}
const withoutUrls = scrubPublicText;

export function toPublicRun(run: RunView): PublicRun {
  const { id: _id, planId: _plan, targetId: _target, cancelRequestedAt: _cancel, ...rest } = run;
  return {
    ...rest,
    error: run.error ? { code: run.error.code, message: withoutUrls(run.error.message) } : null,
    diagnostics: run.diagnostics.map((diagnostic) => ({ ...diagnostic, message: withoutUrls(diagnostic.message) })),
    segmentDetails: run.segmentDetails.map((segment) => ({
      ...segment,
      runnerId: null,
      error: segment.error ? { code: segment.error.code, message: withoutUrls(segment.error.message) } : null,
    })),
    queue: null,
  };
}

export function toPublicSeries(series: RunSeries): Omit<RunSeries, 'runId'> {
  const { runId: _runId, ...rest } = series;
  return rest;
}
