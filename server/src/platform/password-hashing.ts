import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Passwords and ZPINs are kept only as argon2id hashes. */
export const hashSecret = (secret: string): Promise<string> => hash(secret, ARGON2ID);

export const verifySecret = (storedHash: string, secret: string): Promise<boolean> => verify(storedHash, secret);
