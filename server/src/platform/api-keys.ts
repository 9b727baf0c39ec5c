import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { sha256 } from './secrets.js';

/**
 * API keys look like `vgk_test_<32 base62>_<6 base62 checksum>`: the prefix names the product and
 * the environment (so secret scanners can find leaked keys), the body carries 190 bits of
 * randomness, and the CRC-32 checksum lets the gateway refuse a mistyped key without a lookup.
 */
export type KeyEnvironment = 'test' | 'live';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const PATTERN = /^vgk_(test|live)_([0-9A-Za-z]{32})_([0-9A-Za-z]{6})$/;

function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function randomBody(): string {
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(48)) {
      // 248 = 4 × 62: dropping larger bytes keeps every character equally likely.
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return body;
}

const checksumOf = (prefixAndBody: string) => base62(crc32(prefixAndBody), CHECKSUM_LENGTH);

export function generateApiKey(environment: KeyEnvironment) {
  const prefixAndBody = `vgk_${environment}_${randomBody()}`;
  const key = `${prefixAndBody}_${checksumOf(prefixAndBody)}`;
  return { key, hash: sha256(key), start: key.slice(0, 13) };
}

/** The environment of a well-formed key whose checksum holds, or null: no database needed. */
export function checkApiKey(key: string): KeyEnvironment | null {
  const match = PATTERN.exec(key);
  if (!match) return null;
  const [, environment, body, checksum] = match;
  return checksumOf(`vgk_${environment}_${body}`) === checksum ? (environment as KeyEnvironment) : null;
}
