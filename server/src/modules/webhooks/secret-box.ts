import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { randomToken, serverSecret } from '../../platform/secrets.js';

export interface SecretBox {
  /** AES-256-GCM under the server's key, bound to `context` (the endpoint id): a ciphertext moved to another row does not open. */
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';

/** Signing secrets must be used again to sign, so they are encrypted, not hashed; the key never leaves the process. */
export async function createSecretBox(db: Database): Promise<SecretBox> {
  const root = await serverSecret(db, 'webhooks.secret_key', () => randomToken(32));
  const key = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'verigate webhook signing secrets', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, packed] = sealed.split('.');
      if (version !== VERSION || !packed) throw new Error('unknown webhook secret format');
      const bytes = Buffer.from(packed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
