import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { randomToken, serverSecret } from './secrets.js';

export interface SecretBox {
  /** AES-256-GCM under the server's key, bound to `context` (the row's id): a ciphertext moved to another row does not open. */
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';

/**
 * For secrets the server must read again (webhook signing secrets, TOTP secrets): encrypted, not
 * hashed, under a key of their own (`purpose` names the stored root secret and the key's use);
 * the key never leaves the process.
 */
export async function createSecretBox(db: Database, purpose: { rootSecret: string; use: string }): Promise<SecretBox> {
  const root = await serverSecret(db, purpose.rootSecret, () => randomToken(32));
  const key = Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), purpose.use, 32));
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
      if (version !== VERSION || !packed) throw new Error('unknown sealed secret format');
      const bytes = Buffer.from(packed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
