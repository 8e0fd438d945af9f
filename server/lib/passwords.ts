import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum settings (19 MiB, 2 passes, 1 lane): strong enough, and fast
 * enough to keep logins quick on a small server.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
