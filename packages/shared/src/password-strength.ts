/**
 * The minimum strength rule for passwords, after NIST SP 800-63B: length, no well-known
 * password, nothing built from the account's own name or e-mail, not one repeated pattern.
 * No composition rules (they push people to "Password1!"). Pure, so the web form shows the
 * same message the API would.
 */

/** Common passwords of 10+ characters (from public breach top lists), lower-cased. */
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '0987654321',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'qwertyuiop123',
  'asdfghjkl1',
  'asdfghjkl;',
  'zxcvbnm123',
  'iloveyou12',
  'iloveyou123',
  'letmein123',
  'welcome123',
  'welcome1234',
  'administrator',
  'admin12345',
  'admin123456',
  'changeme123',
  'football123',
  'baseball123',
  'superman123',
  'sunshine123',
  'princess123',
  'monkey12345',
  'dragon12345',
  'trustno1234',
  'starwars123',
  'loadline123',
  'loadline1234',
  'abcdefghij',
  'abc1234567',
  'abcd123456',
  '11111111111',
  '1111111111',
  '123123123123',
  '1234512345',
  '12345678910',
  '123456789a',
  'a123456789',
  'p@ssw0rd123',
]);

const MIN_DISTINCT_CHARACTERS = 5;

/** Why the password is too weak, or null when it is acceptable. `personal` are name, e-mail user... */
export function passwordProblem(password: string, personal: readonly string[]): string | null {
  if (password.length < 10) return 'must be at least 10 characters';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'is one of the most common passwords; choose another';
  if (new Set(lower).size < MIN_DISTINCT_CHARACTERS) return `must use at least ${MIN_DISTINCT_CHARACTERS} different characters`;
  if (/^(.{1,6})\1+$/.test(lower)) return 'must not be one short pattern repeated';
  for (const word of personal) {
    const part = word.trim().toLowerCase();
    if (part.length >= 4 && lower.includes(part)) return 'must not contain your name, e-mail or organization';
  }
  return null;
}
