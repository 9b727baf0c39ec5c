import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { AppError } from './errors.js';
import { firstIssue } from './validation.js';
import { serverSecret } from './secrets.js';

/**
 * Credentials travel as RSA-OAEP-256 ciphertext of their JSON, encrypted in the browser with the
 * server's public key, so they never sit in plain text in proxies' or servers' request logs.
 * RSA-4096 with OAEP-SHA-256 holds 446 bytes: room for the longest email and password the
 * rules allow, even in multi-byte characters.
 */
export interface CredentialEnvelope {
  publicJwk: Record<string, unknown>;
  open<T extends z.ZodType>(encryptedData: string, schema: T): z.infer<T>;
}

export async function loadCredentialEnvelope(db: Database): Promise<CredentialEnvelope> {
  const pem = await serverSecret(db, 'credential-key-rsa4096', () =>
    generateKeyPairSync('rsa', { modulusLength: 4096 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const privateKey: KeyObject = createPrivateKey(pem);
  const publicJwk = { ...createPublicKey(privateKey).export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc' };

  return {
    publicJwk,
    open(encryptedData, schema) {
      let plain: string;
      try {
        plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(encryptedData, 'base64'),
        ).toString('utf8');
      } catch {
        throw new AppError('bad_request', 'encryptedData could not be decrypted');
      }
      let fields: unknown;
      try {
        fields = JSON.parse(plain);
      } catch {
        throw new AppError('bad_request', 'encryptedData does not hold JSON');
      }
      const parsed = schema.safeParse(fields);
      if (!parsed.success) throw firstIssue(parsed.error);
      return parsed.data;
    },
  };
}
