import { z } from 'zod';
import { runSchema } from '../runs.js';
import { runTargetIdSchema } from '../run-manifest.js';
import { runPhaseSchema } from '../run-phases.js';
import { runSeriesSchema } from '../series-view.js';
import { planTrendSchema, trendChangeSchema, trendPointSchema } from './trend.js';
import { runTelemetrySchema } from '../telemetry/view.js';

/** How long a share link lives when nobody says (days), and the most it may. */
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 365;

export const createShareSchema = z.object({
  /** Omitted: 30 days. A public link always ends; revoke it to end it sooner. */
  expiresInDays: z.number().int().min(1).max(SHARE_MAX_DAYS).default(SHARE_DEFAULT_DAYS),
});

/** A trend's link may follow another target (environment) of the plan than its own. */
export const createTrendShareSchema = createShareSchema.extend({
  /** Omitted: the plan's own target. */
  targetId: runTargetIdSchema.optional(),
});

export const shareViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['run', 'trend']),
  runId: z.string().nullable(),
  planId: z.string().nullable(),
  /** A trend link's target when it is not the plan's own. */
  targetId: z.string().nullable().default(null),
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
 * A run report as the public sees it: no ids (run, plan, target, baseline run), no address of
 * the target, no headers or variables, no runner names, no place in the installation's line, no manifest (the target's addresses, the builds). What is let through is this schema:
 * toPublicShare (public-share.ts) ends by parsing with it, which drops every other field.
 */
export const publicRunSchema = runSchema.omit({ id: true, planId: true, targetId: true, cancelRequestedAt: true, queue: true, manifest: true }).extend({
  baseline: z
    .object({ rule: z.enum(['pinned', 'last-passed']) })
    .nullable()
    .default(null),
  /** The plan's phases as the run ran them (names and seconds, from the manifest's load): the bands on its charts. */
  phases: z.array(runPhaseSchema).default([]),
});
export type PublicRun = z.infer<typeof publicRunSchema>;

/** A trend as the public sees it: its points are known by their time, not by run ids (nor its target by id). */
export const publicTrendSchema = planTrendSchema.omit({ targetId: true }).extend({
  points: z.array(trendPointSchema.omit({ runId: true })),
  /** Change points by when the run at the new level was made: run ids stay private. */
  changePoints: z.array(trendChangeSchema.omit({ runId: true, previousRunId: true }).extend({ at: z.string() })).default([]),
});
export type PublicTrend = z.infer<typeof publicTrendSchema>;

export const publicShareSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('run'),
    run: publicRunSchema,
    series: runSeriesSchema.omit({ runId: true }),
    /** The target's metrics beside the load: source names, series keys and values; never a source's URL, address or credentials. */
    telemetry: runTelemetrySchema.nullable().optional(),
    expiresAt: z.string().nullable(),
  }),
  z.object({ kind: z.literal('trend'), trend: publicTrendSchema, expiresAt: z.string().nullable() }),
]);
export type PublicShare = z.infer<typeof publicShareSchema>;

/** Where a URL of a protocol Loadline drives starts, in messages and names. */
const URL_START = String.raw`\b(?:https?|wss?|grpcs?):\/\/`;
const URL_IN_TEXT = new RegExp(`${URL_START}[^\\s"')]+`, 'g');
/** A URL in a name, its path captured. */
const URL_IN_NAME = new RegExp(`${URL_START}[^/\\s?#]*([^\\s?#]*)\\S*`, 'g');

/**
 * A message as the public may read it: URLs become <target>; IP addresses (v4, v6, with or
 * without a port), host:port pairs and absolute file paths become <address> or <path>. k6 and
 * the runner name internal hosts, resolvers and paths in their errors ("dial tcp
 * 10.2.3.4:5432", "lookup db.internal on 10.0.0.2:53", "/tmp/loadline-runner/…").
 */
export function scrubPublicText(text: string): string {
  return (
    text
      .replace(URL_IN_TEXT, '<target>')
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
/**
 * A request, check or scenario name as the public may read it: a URL keeps only its path
 * (`<target>/users/1`, no host, port, query or fragment), and the rest is scrubbed like a
 * message.
 */
export function publicName(name: string): string {
  const paths: string[] = [];
  // The URLs are set aside behind NUL marks (no name holds one) while the rest is scrubbed.
  /* eslint-disable no-control-regex */
  const marked = name.replace(URL_IN_NAME, (_url, path: string) => `\u0000${paths.push(path) - 1}\u0000`);
  return scrubPublicText(marked).replace(/\u0000(\d+)\u0000/g, (_mark, index: string) => `<target>${paths[Number(index)]}`);
  /* eslint-enable no-control-regex */
}
