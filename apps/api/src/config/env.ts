import { z } from 'zod';
import { parseCidr } from '../common/net/cidr.js';
import { DATA_SET_DEFAULT_MAX_BYTES, DATA_SET_DEFAULT_MAX_ROWS } from '@loadline/shared';

/** A comma-separated list of CIDRs (or bare addresses), each checked. */
const cidrList = (message: string) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((cidr) => cidr.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((cidr) => parseCidr(cidr) !== null), { message });

/**
 * Everything the API reads from its environment, parsed once at boot. A missing or malformed
 * variable stops the process with one readable line per problem instead of failing later.
 */
export const apiEnvSchema = z.object({
  DATABASE_URL: z
    .string({ error: 'is required (e.g. postgresql://loadline:loadline@127.0.0.1:5432/loadline)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  REDIS_URL: z.string({ error: 'is required (e.g. redis://127.0.0.1:6379)' }).regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  /** Redis key prefix of the queues; API and runners of one installation must agree. */
  LOADLINE_QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('loadline'),
  LOADLINE_HOST: z.string().default('127.0.0.1'),
  LOADLINE_PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** Where the built web app lives; served at `/` when present. */
  LOADLINE_WEB_DIST: z.string().optional(),
  /** Public base URL used in links (share links, webhooks); defaults to the listen address. */
  LOADLINE_PUBLIC_URL: z.url().optional(),
  /**
   * The proxies in front of the API (comma-separated CIDRs or addresses; default none). Only a
   * connection from one of them has its X-Forwarded-For read: the client address is the first
   * address from the right that is not a trusted proxy. It feeds the per-address limits (sign-up,
   * login lockout, public routes), the audit log and sessions; X-Forwarded-Proto from them marks
   * cookies Secure. From anywhere else the header is ignored: the client is the connection's
   * peer. Behind an ingress in a cluster: the ingress controllers' pod network.
   */
  LOADLINE_TRUSTED_PROXIES: cidrList('must be comma-separated CIDRs or addresses such as 10.0.0.0/8,192.0.2.7'),
  /** Replaced by LOADLINE_TRUSTED_PROXIES: refused rather than ignored, so an upgrade does not silently stop trusting a proxy. */
  LOADLINE_TRUST_PROXY: z
    .undefined({ error: 'was replaced by LOADLINE_TRUSTED_PROXIES: comma-separated CIDRs of the proxies in front of the API (e.g. 10.0.0.0/8)' })
    .optional(),
  LOADLINE_SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  /**
   * Browser origins allowed to call the API with credentials (comma-separated). Empty: only
   * the API's own origin, which is where the web app is served from.
   */
  LOADLINE_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins such as https://app.example.com' }))),
  /** Requests per minute one API key or session may make, and one organization in total. */
  LOADLINE_RATE_LIMIT_PER_CALLER: z.coerce.number().int().positive().default(600),
  LOADLINE_RATE_LIMIT_PER_ORG: z.coerce.number().int().positive().default(3_000),
  /**
   * Requests per minute to routes that open with a token instead of a login (shared reports,
   * invitations, triggers): per client address, and per token, so a link posted to a large
   * channel cannot take the API down.
   */
  LOADLINE_RATE_LIMIT_PUBLIC_PER_ADDRESS: z.coerce.number().int().positive().default(120),
  LOADLINE_RATE_LIMIT_PUBLIC_PER_TOKEN: z.coerce.number().int().positive().default(1_200),
  /**
   * Failed logins after which logins are refused for a while: per (account, client address)
   * pair, and per client address. An account failed from everywhere is only slowed (below).
   */
  LOADLINE_LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOADLINE_LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOADLINE_LOGIN_LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  /** Failed logins of one account, from any address, after which its logins are answered only after a delay. */
  LOADLINE_LOGIN_SLOW_AFTER_FAILURES: z.coerce.number().int().positive().default(10),
  LOADLINE_LOGIN_SLOW_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /**
   * Who may make an account: anyone (open), only someone redeeming an invite (invite-only),
   * or nobody (closed). The first account of an empty installation can always be made.
   */
  LOADLINE_SIGNUP: z.enum(['open', 'invite-only', 'closed']).default('open'),
  /** Sign-ups per client address per hour, counted before any work is done. */
  LOADLINE_SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(20),
  /**
   * Installation ceilings: no organization's quota may be set above these (and a quota set
   * before a ceiling was lowered counts as the ceiling). Unset: the schema's own maximum.
   */
  LOADLINE_CEILING_VUS_PER_RUN: z.coerce.number().int().positive().optional(),
  LOADLINE_CEILING_RUN_DURATION_SECONDS: z.coerce.number().int().positive().optional(),
  LOADLINE_CEILING_CONCURRENT_RUNS: z.coerce.number().int().positive().optional(),
  LOADLINE_CEILING_MONTHLY_VU_MINUTES: z.coerce.number().int().positive().optional(),
  /**
   * The largest data set file (bytes) and the most rows one may have. A larger upload is
   * refused (413 / 422) before anything is stored. Bounded because a version is one row of
   * PostgreSQL and every run's segments carry their share of it.
   */
  LOADLINE_DATA_SET_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(512 * 1024 * 1024)
    .default(DATA_SET_DEFAULT_MAX_BYTES),
  LOADLINE_DATA_SET_MAX_ROWS: z.coerce.number().int().positive().max(10_000_000).default(DATA_SET_DEFAULT_MAX_ROWS),
  /** Seconds a run may overrun its planned duration before it is stopped and ERRORED. */
  /**
   * Days a finished run keeps its per-second detail; after that its seconds are coarsened to
   * 10 s chunks (its summary, phases, thresholds and figures are stored apart and stay exact).
   * Unset: kept per second for as long as the run is kept. docs/database.md "Compact seconds".
   */
  LOADLINE_SECOND_DETAIL_DAYS: z.coerce.number().int().positive().max(36_500).optional(),
  LOADLINE_RUN_GRACE_SECONDS: z.coerce.number().int().positive().default(60),
  /**
   * The most runners this installation can have (in Kubernetes: the runner autoscaler's
   * maximum). A run needing more segments is refused at once. Unset: no ceiling.
   */
  LOADLINE_MAX_RUNNERS: z.coerce.number().int().positive().optional(),
  /** How long a run may wait while fewer runners are online than its segments need. */
  LOADLINE_RUNNER_WAIT_SECONDS: z.coerce.number().int().positive().default(180),
  /** How long a run may wait in line for runners busy with other runs. */
  LOADLINE_QUEUE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(3_600),
  /**
   * How long reserved runners get to start k6 paused (VUs initialised) before the
   * reservation is given up and the run goes back in line.
   */
  LOADLINE_RUNNER_READY_SECONDS: z.coerce.number().int().positive().default(120),
  /** Encrypts target secrets at rest: any random string of 32+ characters (e.g. openssl rand -base64 32). */
  LOADLINE_SECRET_KEY: z
    .string({ error: 'is required: a random string of 32+ characters that encrypts target secrets (openssl rand -base64 32)' })
    .min(32, 'must be at least 32 characters (openssl rand -base64 32)'),
  /**
   * Seals the target secrets in each run's job for the runners, which hold the same key: a
   * random string of 32+ characters, different from LOADLINE_SECRET_KEY (runners never get that).
   */
  LOADLINE_RUNNER_KEY: z
    .string({ error: 'is required: a random string of 32+ characters shared with the runners, which seals job secrets (openssl rand -base64 32)' })
    .min(32, 'must be at least 32 characters (openssl rand -base64 32)'),
  /**
   * Networks load may be sent to although the address policy refuses them (private, loopback,
   * link-local...), comma-separated CIDRs. Self-hosted installs and the tests allow 127.0.0.0/8.
   */
  LOADLINE_ALLOWED_NETWORKS: cidrList('must be comma-separated CIDRs such as 127.0.0.0/8,::1/128'),
  /** DNS servers for targets' addresses and TXT verification records (comma-separated IP[:port]); default: the machine's resolver. */
  LOADLINE_DNS_SERVERS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    ),
  /** What a target whose ownership is not verified may run. */
  LOADLINE_UNVERIFIED_MAX_VUS: z.coerce.number().int().positive().default(10),
  LOADLINE_UNVERIFIED_MAX_DURATION_SECONDS: z.coerce.number().int().positive().default(60),
  /**
   * Delays between webhook delivery attempts (ms, comma-separated); the default retries for
   * about 23 hours: 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 6 h, 8 h.
   */
  LOADLINE_WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .default('10000,30000,120000,600000,1800000,3600000,7200000,14400000,21600000,28800000')
    .transform((value) => value.split(',').map((delay) => Number(delay.trim())))
    .refine((delays) => delays.length > 0 && delays.every((delay) => Number.isInteger(delay) && delay >= 0), {
      message: 'must be comma-separated milliseconds',
    }),
  /** How often each API process looks for due schedule slots (ms). */
  // The longest the scheduler sleeps between looks (it wakes when the next slot is due anyway).
  LOADLINE_SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).default(1_000),
  // How many claimed slots an API process starts runs for at once.
  LOADLINE_SCHEDULER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /**
   * The shortest gap a schedule's cron may have between two slots, seconds (1..60; default
   * 60: at most once a minute). A six-field cron firing every second would start 86,400 runs
   * a day. Lower only for development and tests.
   */
  LOADLINE_SCHEDULE_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /**
   * Script checks (k6 inspect on a runner, POST /plans/check-script and saving a custom
   * script) one organization may have waiting or running at once, and may start in a minute;
   * more answer 429 SCRIPT_CHECK_THROTTLED with Retry-After. Runners are shared by all.
   */
  LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION: z.coerce.number().int().positive().default(2),
  LOADLINE_SCRIPT_CHECKS_PER_ORGANIZATION_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** How many schedules one organization may have (on its live plans, enabled or not). */
  LOADLINE_SCHEDULES_PER_ORGANIZATION: z.coerce.number().int().positive().default(100),
  /**
   * Where /metrics (Prometheus) is served: a port of its own, never the API's public port.
   * 0 turns it off. In a cluster the host is 0.0.0.0 so Prometheus can scrape the pod.
   */
  LOADLINE_METRICS_HOST: z.string().default('127.0.0.1'),
  LOADLINE_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type ApiEnv = z.infer<typeof apiEnvSchema>;

export class EnvError extends Error {}

export function parseApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const result = apiEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Loadline API: invalid environment:\n${lines.join('\n')}`);
}

export const API_ENV = Symbol('API_ENV');
