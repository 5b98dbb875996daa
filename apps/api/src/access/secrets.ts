import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (2 = Algorithm.Argon2id, a const enum.) */
const ARGON2_ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2_ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A bearer secret: a readable prefix (what kind of token it is) and 256 random bits. */
export function newSecretToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** Bearer secrets are high-entropy, so a fast hash is enough to make a leaked table useless. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Runs argon2 on a fixed hash so an unknown e-mail costs as much time as a wrong password.
 * The hash is made once per process, ahead of the first login (warmPasswordCheck), so not
 * even the first unknown e-mail takes longer.
 */
let dummyHash: Promise<string> | undefined;
export function warmPasswordCheck(): Promise<string> {
  dummyHash ??= hashPassword('loadline-timing-equaliser');
  return dummyHash;
}
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await warmPasswordCheck(), password);
}
