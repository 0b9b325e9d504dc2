import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Endpoint signing secrets at rest. The API must be able to sign with a secret, so it is
 * not hashed like a password; it is sealed with AES-256-GCM under a key that lives in the
 * API's environment only (WEBHOOK_SECRET_KEY, else derived from JWT_SECRET with HKDF), so
 * a copy of the database (a backup, a read-only leak) does not give the secrets away.
 * The endpoint id is the additional data: a sealed secret copied to another row does not open.
 */
export interface SecretBox {
  seal(plain: string, endpointId: string): string;
  /** The secret, or null when it does not open (sealed under another key, or altered). */
  open(sealed: string, endpointId: string): string | null;
}

const VERSION = 'v1';

/** The 32-byte key: WEBHOOK_SECRET_KEY hashed when set, else HKDF over JWT_SECRET. */
export function secretBoxKey(options: { webhookSecretKey?: string; jwtSecret: string }): Buffer {
  if (options.webhookSecretKey) return createHash('sha256').update(options.webhookSecretKey).digest();
  return Buffer.from(hkdfSync('sha256', options.jwtSecret, 'cellforge', 'webhook endpoint secrets', 32));
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plain, endpointId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(endpointId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, endpointId) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(endpointId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
