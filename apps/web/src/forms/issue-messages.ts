/**
 * The shared zod contracts speak to programmers ("Too small: expected number to be >0"); a form
 * speaks to people ("Enter a number above 0"). The API sends zod's wording in
 * `error.details[].message` and the browser checks the same schemas, so one translation of that
 * wording serves both: what the user reads does not depend on who found the problem.
 *
 * zod's default messages are matched by their text (the API sends only text); the unit tests
 * parse real schemas, so a zod upgrade that rewords them fails there, not in front of a user.
 */

/** What a field asks for, for "Enter …": by the last segment of its path, unless the form says. */
const NOUNS: Readonly<Record<string, string>> = {
  email: 'your email address',
  password: 'a password',
  currentPassword: 'your current password',
  newPassword: 'a new password',
  name: 'a name',
  organizationName: 'a name for your organization',
  url: 'a URL',
  baseUrl: 'a base URL',
  cron: 'a cron expression',
  timezone: 'a time zone',
  path: 'a path',
  value: 'a value',
  key: 'a name',
  token: 'the token',
  source: 'the script',
};

export interface MessageContext {
  /** The field's path ("thresholds.0.value"). */
  path: string;
  /** The value the form holds at that path, when known: an empty one reads as "Enter …". */
  value?: unknown;
  /** Overrides the noun of "Enter …" for this field ("the name of the trigger"). */
  noun?: string;
}

function nounFor(path: string, noun?: string): string {
  if (noun) return noun;
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? '';
  return NOUNS[last] ?? 'a value';
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** zod's ">0", ">=1", "<=100" bounds. */
function bound(text: string): { inclusive: boolean; limit: string } {
  return { inclusive: text.includes('='), limit: text.replace(/^[<>]=?/, '') };
}

const RULES: ReadonlyArray<{ pattern: RegExp; say: (match: RegExpExecArray, noun: string) => string }> = [
  { pattern: /^Too small: expected string to have >=?1 characters?$/, say: (_, noun) => `Enter ${noun}` },
  { pattern: /^Invalid input: expected string, received (undefined|null)$/, say: (_, noun) => `Enter ${noun}` },
  { pattern: /^Invalid input: expected number, received (NaN|undefined|null|string)$/, say: () => 'Enter a number' },
  { pattern: /^Invalid input: expected int, received number$/, say: () => 'Enter a whole number' },
  { pattern: /^Invalid input: expected (\w+), received (\w+)$/, say: (m) => `Enter a ${m[1] === 'boolean' ? 'yes or no' : m[1]}` },
  {
    pattern: /^Too small: expected number to be (>=?-?[\d.e+]+)$/,
    say: (m) => {
      const { inclusive, limit } = bound(m[1]!);
      return inclusive ? `Enter ${limit} or more` : `Enter a number above ${limit}`;
    },
  },
  {
    pattern: /^Too big: expected number to be (<=?-?[\d.e+]+)$/,
    say: (m) => {
      const { inclusive, limit } = bound(m[1]!);
      return inclusive ? `Enter ${limit} or less` : `Enter a number below ${limit}`;
    },
  },
  { pattern: /^Too small: expected string to have (>=?\d+) characters?$/, say: (m) => `Use at least ${bound(m[1]!).limit} characters` },
  { pattern: /^Too big: expected string to have (<=?\d+) characters?$/, say: (m) => `Use at most ${bound(m[1]!).limit} characters` },
  { pattern: /^Too small: expected array to have (>=?\d+) items?$/, say: (m) => `Add at least ${bound(m[1]!).limit}` },
  { pattern: /^Too big: expected array to have (<=?\d+) items?$/, say: (m) => `Keep at most ${bound(m[1]!).limit}` },
  { pattern: /^Invalid email address$/, say: () => 'Enter an email address such as name@example.com' },
  { pattern: /^Invalid URL$/, say: () => 'Enter a full URL, starting with http:// or https://' },
  { pattern: /^Invalid option: expected one of (.+)$/, say: (m) => `Choose one of ${m[1]!.replaceAll('|', ', ')}` },
  { pattern: /^Invalid string: must start with "(.*)"$/, say: (m) => `Start with “${m[1]}”` },
  { pattern: /^Invalid (string|input)(: .*)?$/, say: () => 'Check the format of this value' },
];

/** A message written for people already (a schema's own refine), as a sentence. */
export function asSentence(message: string): string {
  // Leave messages that open with an identifier ("maxVUs must be…", "p95 …") as written.
  if (/^[a-z]+\b/.test(message) && !/^[a-z]+[A-Z0-9]/.test(message)) return message[0]!.toUpperCase() + message.slice(1);
  return message;
}

/** The sentence a form shows for one zod message (from the browser's check or the API's details). */
export function humanMessage(message: string, context: MessageContext): string {
  const noun = nounFor(context.path, context.noun);
  // An empty required field fails whatever check comes first (an email's format, a URL's,
  // a number's type); what the user has to do is the same: fill it in.
  if ('value' in context && isEmpty(context.value) && !/^Too big/.test(message)) {
    return /expected number|expected int/.test(message) ? 'Enter a number' : `Enter ${noun}`;
  }
  for (const rule of RULES) {
    const match = rule.pattern.exec(message);
    if (match) return rule.say(match, noun);
  }
  return asSentence(message);
}

/**
 * The value at a contract path ("requests.0.path") of an input object: `{ value }` when the
 * path names a key the input has (its value may be undefined), else null (a path the input does
 * not have says nothing about emptiness).
 */
export function lookup(input: unknown, path: string): { value: unknown } | null {
  let current: unknown = input;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(part in current)) return null;
    current = (current as Record<string, unknown>)[part];
  }
  return { value: current };
}
