/**
 * Every react-query key in one place, so invalidation after a mutation is a lookup rather
 * than a guess. Keys nest: invalidating `queryKeys.runs.all` also refreshes every run list
 * and every single run. Everything but `me`, `invitation` and `sessions` belongs to the
 * session's current organization and is dropped when it changes (isOrganizationScoped).
 */
import type { RunStatus } from '@loadline/shared';

export interface RunListFilter {
  planId?: string;
  status?: RunStatus;
}

export const queryKeys = {
  /** Who is signed in, for which organization; survives an organization switch (it is replaced). */
  me: ['me'] as const,
  health: ['health'] as const,
  /** Public: what an invite link is for. Not tied to the session's organization. */
  invitation: (token: string) => ['invitation', token] as const,
  /** Public: whose password a reset link is for. Not tied to the session's organization. */
  passwordReset: (token: string) => ['password-reset', token] as const,
  /** The signed-in person's sessions (across organizations). */
  sessions: ['sessions'] as const,
  organization: {
    all: ['organization'] as const,
    current: () => [...queryKeys.organization.all, 'current'] as const,
    usage: () => [...queryKeys.organization.all, 'usage'] as const,
  },
  members: {
    all: ['members'] as const,
    list: () => [...queryKeys.members.all, 'list'] as const,
    invites: () => [...queryKeys.members.all, 'invites'] as const,
  },
  apiKeys: {
    all: ['api-keys'] as const,
    list: () => [...queryKeys.apiKeys.all, 'list'] as const,
  },
  audit: {
    all: ['audit'] as const,
    list: (action: string | undefined) => [...queryKeys.audit.all, 'list', action ?? 'all'] as const,
  },
  targets: {
    all: ['targets'] as const,
    list: () => [...queryKeys.targets.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.targets.all, 'detail', id] as const,
    sources: (id: string) => [...queryKeys.targets.all, 'sources', id] as const,
  },
  plans: {
    all: ['plans'] as const,
    list: () => [...queryKeys.plans.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.plans.all, 'detail', id] as const,
    versions: (id: string) => [...queryKeys.plans.all, 'versions', id] as const,
    version: (id: string, version: number) => [...queryKeys.plans.all, 'version', id, version] as const,
    diff: (id: string, from: number, to: number) => [...queryKeys.plans.all, 'diff', id, from, to] as const,
    script: (id: string, version: number | null) => [...queryKeys.plans.all, 'script', id, version ?? 'current'] as const,
  },
  dataSets: {
    all: ['data-sets'] as const,
    list: () => [...queryKeys.dataSets.all, 'list'] as const,
    detail: (name: string) => [...queryKeys.dataSets.all, 'detail', name] as const,
    versions: (name: string) => [...queryKeys.dataSets.all, 'versions', name] as const,
    preview: (name: string, version: number | null) => [...queryKeys.dataSets.all, 'preview', name, version ?? 'latest'] as const,
  },
  runs: {
    all: ['runs'] as const,
    list: (filter: RunListFilter = {}) => [...queryKeys.runs.all, 'list', filter] as const,
    detail: (id: string) => [...queryKeys.runs.all, 'detail', id] as const,
    series: (id: string) => [...queryKeys.runs.all, 'series', id] as const,
    telemetry: (id: string) => [...queryKeys.runs.all, 'telemetry', id] as const,
  },
  /** How many runners are online and free right now (installation-wide; GET /runners). */
  runners: ['runners'] as const,
  dashboard: ['dashboard'] as const,
  reports: {
    all: ['reports'] as const,
    trend: (planId: string, range: TrendRange = {}) => [...queryKeys.reports.all, 'trend', planId, range] as const,
    comparison: (base: string, head: string) => [...queryKeys.reports.all, 'comparison', base, head] as const,
    runBaseline: (runId: string) => [...queryKeys.reports.all, 'run-baseline', runId] as const,
    planBaseline: (planId: string, targetId?: string) => [...queryKeys.reports.all, 'plan-baseline', planId, targetId ?? null] as const,
  },
  shares: {
    all: ['shares'] as const,
    list: () => [...queryKeys.shares.all, 'list'] as const,
  },
  /** Public: what a share link shows. Not tied to any session. */
  publicShare: (token: string) => ['public-share', token] as const,
  schedules: {
    all: ['schedules'] as const,
    list: (planId: string) => [...queryKeys.schedules.all, 'list', planId] as const,
    slots: (id: string) => [...queryKeys.schedules.all, 'slots', id] as const,
  },
  triggers: {
    all: ['triggers'] as const,
    list: (planId: string) => [...queryKeys.triggers.all, 'list', planId] as const,
  },
  webhooks: {
    all: ['webhooks'] as const,
    list: () => [...queryKeys.webhooks.all, 'list'] as const,
    deliveries: (id: string) => [...queryKeys.webhooks.all, 'deliveries', id] as const,
  },
};

export interface TrendRange {
  from?: string;
  to?: string;
  /** `key=value`: only the runs carrying that label. */
  label?: string;
  /** The target (environment) whose runs; absent: the plan's own. */
  targetId?: string;
}

/** Keys whose data does not depend on which organization the session acts for. */
const UNSCOPED_ROOTS: ReadonlySet<unknown> = new Set([queryKeys.me[0], 'invitation', 'password-reset', queryKeys.sessions[0], 'public-share']);

/** Whether a query's data belongs to the session's current organization (and must go when it changes). */
export function isOrganizationScoped(queryKey: readonly unknown[]): boolean {
  return !UNSCOPED_ROOTS.has(queryKey[0]);
}
