import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** sealBytes' format byte, and the length of its header (format, IV, tag). */
const BYTES_VERSION = 1;
const BYTES_HEADER = 1 + 12 + 16;

/**
 * A sealed value this key cannot open: it was sealed under another LOADLINE_SECRET_KEY (a
 * database restored under a new key), or it was altered. Callers turn it into their domain's
 * error; without this it would be a bare crypto error, and a 500.
 */
export class SecretUnreadableError extends Error {
  constructor(cause: unknown) {
    super('the sealed value cannot be opened with this LOADLINE_SECRET_KEY', { cause });
    this.name = 'SecretUnreadableError';
  }
}

/**
 * Encrypts target secrets (default headers, variables) at rest with AES-256-GCM. The key is
 * derived from LOADLINE_SECRET_KEY with HKDF, so any long random string works as the setting.
 * A ciphertext names its format version; tampering fails authentication instead of decrypting
 * to garbage.
 */
export class SecretBox {
  private readonly key: Buffer;
  /** A key of its own for byte payloads (data set secret cells): the same setting, another HKDF label. */
  private readonly bytesKey: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'loadline', 'target-secrets-v1', 32));
    this.bytesKey = Buffer.from(hkdfSync('sha256', secret, 'loadline', 'sealed-bytes-v1', 32));
  }

  /**
   * Seals a byte payload (large ones: a data set's secret columns) without the base64 text
   * round trip of seal(): one format byte, the 12-byte IV, the 16-byte tag, the ciphertext.
   */
  sealBytes(plain: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.bytesKey, iv);
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([BYTES_VERSION]), iv, cipher.getAuthTag(), data]);
  }

  openBytes(sealed: Uint8Array): Buffer {
    const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    if (bytes.length < BYTES_HEADER || bytes[0] !== BYTES_VERSION) throw new Error('not sealed bytes of this version');
    const decipher = createDecipheriv('aes-256-gcm', this.bytesKey, bytes.subarray(1, 13));
    decipher.setAuthTag(bytes.subarray(13, BYTES_HEADER));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(BYTES_HEADER)), decipher.final()]);
    } catch (error) {
      throw new SecretUnreadableError(error);
    }
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  open<T>(sealed: string): T {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed value of this version');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    let plain: string;
    try {
      plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    } catch (error) {
      // GCM authentication failed: another key, or tampering. Both mean "not with this key".
      throw new SecretUnreadableError(error);
    }
    return JSON.parse(plain) as T;
  }
}
