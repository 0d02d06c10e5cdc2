import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1): about 20-40 ms here.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The SHA-512 hex the browser sends in place of the password (spec 002 §5). */
export function sha512Hex(text: string): string {
  return createHash('sha512').update(text, 'utf8').digest('hex');
}

/** Stores the client's SHA-512 hex with argon2id. */
export function hashPassword(clientHash: string): Promise<string> {
  return hash(clientHash.toLowerCase(), ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string | null, clientHash: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, clientHash.toLowerCase());
  } catch {
    return false;
  }
}

/** PINs and security answers are short secrets: also argon2id, never stored or logged in clear. */
export const hashSecret = (secret: string) => hash(secret, ARGON2_OPTIONS);
export const verifySecret = verifyPassword;
