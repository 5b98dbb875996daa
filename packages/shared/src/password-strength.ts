/**
 * The minimum strength rule for passwords, after NIST SP 800-63B: length, and not guessable,
 * which zxcvbn-ts estimates against breached-password lists, dictionaries and keyboard
 * patterns, and against the account's own name, e-mail and organization. No composition
 * rules (they push people to "Password1!").
 *
 * zxcvbn's dictionaries are large (megabytes), so they are not loaded with the rest of this
 * package: `@loadline/shared/password-estimator` registers the estimator when imported (the
 * API at start, the web app on the pages that set a password). Until it is registered, only
 * the rules below that need no dictionary apply, so a browser that has not loaded it yet may
 * accept what the API then refuses with the estimator's message.
 */

/** The estimator's judgement: a score from 0 (guessable in seconds) to 4, and its warning, if any. */
export interface PasswordEstimate {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
}
export type PasswordEstimator = (password: string, personal: readonly string[]) => PasswordEstimate;

/** zxcvbn's "safely unguessable": about 10^10 guesses, out of reach of an online attack and slow offline. */
export const MIN_PASSWORD_SCORE = 3;
const MIN_DISTINCT_CHARACTERS = 5;

let estimator: PasswordEstimator | null = null;

/** Sets the estimator (see @loadline/shared/password-estimator); null removes it. */
export function setPasswordEstimator(next: PasswordEstimator | null): void {
  estimator = next;
}

export const hasPasswordEstimator = (): boolean => estimator !== null;

/** Why the password is too weak, or null when it is acceptable. `personal`: name, e-mail user, organization. */
export function passwordProblem(password: string, personal: readonly string[]): string | null {
  if (password.length < 10) return 'must be at least 10 characters';
  const lower = password.toLowerCase();
  for (const word of personal) {
    const part = word.trim().toLowerCase();
    if (part.length >= 4 && lower.includes(part)) return 'must not contain your name, e-mail or organization';
  }
  if (estimator) {
    const estimate = estimator(
      password,
      personal.filter((word) => word.trim().length > 0),
    );
    if (estimate.score >= MIN_PASSWORD_SCORE) return null;
    const why = estimate.warning ? `: ${estimate.warning.charAt(0).toLowerCase()}${estimate.warning.slice(1).replace(/\.$/, '')}` : '';
    return `is too easy to guess${why}; a few unrelated words make a strong one`;
  }
  if (new Set(lower).size < MIN_DISTINCT_CHARACTERS) return `must use at least ${MIN_DISTINCT_CHARACTERS} different characters`;
  if (/^(.{1,6})\1+$/.test(lower)) return 'must not be one short pattern repeated';
  return null;
}
