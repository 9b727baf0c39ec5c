import { DEFAULT_ERROR_MESSAGE, type EncryptedRequest, type PublicKeyResponse } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';

let publicKey: Promise<CryptoKey> | null = null;

async function fetchPublicKey(): Promise<CryptoKey> {
  const result = orThrow(await apiRequest<PublicKeyResponse>('GET', '/crypto/public-key', { anonymous: true }));
  try {
    return await crypto.subtle.importKey('jwk', result.jwk as JsonWebKey, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  } catch {
    throw new Error(DEFAULT_ERROR_MESSAGE);
  }
}

/** One key per page load; a failed fetch is forgotten so the next attempt asks again. */
function getPublicKey(): Promise<CryptoKey> {
  publicKey ??= fetchPublicKey().catch((error: unknown) => {
    publicKey = null;
    throw error;
  });
  return publicKey;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The credential envelope: RSA-OAEP-256 over the UTF-8 JSON of the fields, base64 encoded. */
export async function encryptCredentials(fields: object): Promise<EncryptedRequest> {
  const key = await getPublicKey();
  try {
    const plaintext = new TextEncoder().encode(JSON.stringify(fields));
    const ciphertext = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plaintext);
    return { encryptedData: toBase64(new Uint8Array(ciphertext)) };
  } catch {
    throw new Error(DEFAULT_ERROR_MESSAGE);
  }
}
