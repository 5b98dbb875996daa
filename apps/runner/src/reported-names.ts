import type { SecondSample } from '@loadline/shared';

/**
 * What leaves the runner names nothing a run must keep to itself. A custom script on a
 * verified target holds the target's headers and variables (values an ADMIN set and a MEMBER
 * may not read), and whatever it puts in a request's URL or tags, a check's or metric's name,
 * or a message becomes a row of the report that VIEWERs and share links read. So every name
 * and message is cleaned here, before it reaches Redis, the database or a log:
 *
 * - secret values, in the spellings a script gets for free (as is, percent-encoded, base64),
 *   and the words of at least 8 characters inside them (the token of "Bearer <token>"),
 *   become `<secret>`; values shorter than 4 characters are not looked for (they would blank
 *   out every such word of every name, and hide nothing);
 * - a request named by its URL (k6's default name) loses its query, fragment and user info:
 *   a name says which endpoint, not which call;
 * - a run keeps at most MAX_NAMES distinct names of each kind; later ones are counted under
 *   OTHER_NAME, so a script naming every call differently cannot grow the report without end.
 *
 * A script that transforms a value further (reverses it, hashes it) can still carry it: what
 * the script may do with a secret it is given is the target's owner's decision (see
 * docs/security.md).
 */
export const SECRET_MARK = '<secret>';
export const MAX_NAMES = 100;
export const OTHER_NAME = '(other names)';
const MIN_SECRET_LENGTH = 4;
const MIN_WORD_LENGTH = 8;

export class SecretRedactor {
  private readonly needles: string[];

  constructor(values: Iterable<string>) {
    const needles = new Set<string>();
    for (const value of values) {
      const words = value.split(/\s+/).filter((word) => word.length >= MIN_WORD_LENGTH);
      for (const secret of [value, ...words]) {
        if (secret.length < MIN_SECRET_LENGTH) continue;
        const base64 = Buffer.from(secret).toString('base64');
        for (const spelling of [
          secret,
          encodeURIComponent(secret),
          encodeURI(secret),
          base64,
          base64.replace(/=+$/, ''),
          Buffer.from(secret).toString('base64url'),
        ]) {
          needles.add(spelling);
        }
      }
    }
    // Longest first, so a value is replaced whole before a word inside it is.
    this.needles = [...needles].sort((a, b) => b.length - a.length);
  }

  get empty(): boolean {
    return this.needles.length === 0;
  }

  redact(text: string): string {
    let clean = text;
    for (const needle of this.needles) if (clean.includes(needle)) clean = clean.replaceAll(needle, SECRET_MARK);
    return clean;
  }
}

/** What cleans a text of secrets: the target's (SecretRedactor), a data set's secret cells (DataSecretMatcher), or both. */
export interface Redactor {
  redact(text: string): string;
}

/** Redacts with each in turn. */
export function redactWithAll(...redactors: Redactor[]): Redactor {
  return { redact: (text) => redactors.reduce((clean, redactor) => redactor.redact(clean), text) };
}

/** An absolute URL without its query, fragment and user info; any other name as it is. */
export function requestNameOf(name: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)/i.exec(name);
  if (!scheme) return name;
  const [, prefix, authority, path] = scheme;
  return `${prefix}${authority!.replace(/^[^@]*@/, '')}${path}`;
}

type Kind = 'request' | 'check' | 'metric' | 'scenario';

/** One segment's names: cleaned once each (names repeat every second), and capped per kind. */
export class ReportedNames {
  private readonly seen: Record<Kind, Map<string, string>> = { request: new Map(), check: new Map(), metric: new Map(), scenario: new Map() };
  /** The clean names kept so far, per kind (at most MAX_NAMES each). */
  private readonly kept: Record<Kind, Set<string>> = { request: new Set(), check: new Set(), metric: new Set(), scenario: new Set() };
  /** Distinct names folded into OTHER_NAME, per kind: for the runner's log. */
  readonly folded: Record<Kind, number> = { request: 0, check: 0, metric: 0, scenario: 0 };

  constructor(private readonly redactor: Redactor) {}

  name(kind: Kind, raw: string): string {
    const seen = this.seen[kind];
    const known = seen.get(raw);
    if (known !== undefined) return known;
    const clean = this.redactor.redact(kind === 'request' ? requestNameOf(raw) : raw);
    const distinct = this.kept[kind];
    const kept = distinct.has(clean) || distinct.size < MAX_NAMES ? clean : OTHER_NAME;
    if (kept === OTHER_NAME) this.folded[kind]++;
    else distinct.add(clean);
    // Raw spellings are bounded too: past the cap, an unseen one is worked out again next time.
    if (seen.size < MAX_NAMES * 4) seen.set(raw, kept);
    return kept;
  }

  text(message: string): string {
    return this.redactor.redact(message);
  }

  /** The second with every name cleaned. */
  sample(sample: SecondSample): SecondSample {
    return {
      ...sample,
      requests: sample.requests.map((request) => ({
        ...request,
        name: this.name('request', request.name),
        scenario: this.name('scenario', request.scenario),
        errorCode: this.redactor.redact(request.errorCode),
      })),
      checks: sample.checks.map((check) => ({ ...check, name: this.name('check', check.name) })),
      ...(sample.scenarioIterations
        ? { scenarioIterations: sample.scenarioIterations.map((scenario) => ({ ...scenario, name: this.name('scenario', scenario.name) })) }
        : {}),
      ...(sample.customMetrics ? { customMetrics: sample.customMetrics.map((metric) => ({ ...metric, name: this.name('metric', metric.name) })) } : {}),
    };
  }
}
