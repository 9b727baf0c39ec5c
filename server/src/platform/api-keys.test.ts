import { describe, expect, it } from 'vitest';
import { sha256 } from './secrets.js';
import { checkApiKey, generateApiKey } from './api-keys.js';

describe('API keys', () => {
  it('name their environment, carry a checksum, and are stored only as a hash and a visible start', () => {
    const { key, hash, start } = generateApiKey('test');
    expect(key).toMatch(/^vgk_test_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    expect(hash).toBe(sha256(key));
    expect(start).toBe(key.slice(0, 13));
    expect(checkApiKey(key)).toBe('test');
    expect(checkApiKey(generateApiKey('live').key)).toBe('live');
  });

  it('are recognised as mistyped without a lookup', () => {
    const { key } = generateApiKey('live');
    const lastBodyChar = key.length - 8;
    const typo = key.slice(0, lastBodyChar) + (key[lastBodyChar] === 'a' ? 'b' : 'a') + key.slice(lastBodyChar + 1);
    expect(checkApiKey(typo)).toBeNull();
    expect(checkApiKey(key.replace('vgk_live_', 'vgk_test_'))).toBeNull();
    expect(checkApiKey('')).toBeNull();
    expect(checkApiKey(`${key}x`)).toBeNull();
  });

  it('keep the checksum of the keys already issued (CRC-32 of the prefix and body, in base62)', () => {
    const issued = 'vgk_live_7fQ2mZr9Kx4TbW1nLc8VhJ3sDp6Ye0Ga_0JiipZ';
    expect(checkApiKey(issued)).toBe('live');
    expect(checkApiKey(issued.replace(/_0JiipZ$/, '_0JiipY'))).toBeNull();
  });

  it('never repeat', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('test').key));
    expect(keys.size).toBe(2000);
  });
});
