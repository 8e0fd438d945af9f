import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema.ts';
import { safeEqual } from '../../lib/tokens.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AppKeysRepository } from './app-keys.repository.ts';

/** What the profile page shows about a listener's app key (never the key itself). */
export interface AppKeyState {
  hasKey: boolean;
  createdAt: string | null;
}

interface Keys {
  encryption: Buffer;
  lookup: Buffer;
}

/** Base64url of 24 random bytes: 32 characters, easy to paste into an app's password field. */
function newAppKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * App keys for Subsonic apps. The token scheme sends md5(key + salt), so the server must be able
 * to read the key back: it is stored encrypted (AES-256-GCM) under a key derived from a secret in
 * the database, shared by every instance like the bot check's. An HMAC of the key finds the
 * account of an `apiKey` in one indexed read, decrypting nothing. Account passwords are never
 * stored this way: a key is a separate secret that the listener can revoke.
 */
export class AppKeysService {
  private keys: Promise<Keys> | null = null;

  constructor(
    private readonly repository: AppKeysRepository,
    private readonly secrets: AuthRepository,
  ) {}

  private derivedKeys(): Promise<Keys> {
    this.keys ??= this.secrets
      .secret('app-keys', randomBytes(32).toString('hex'), new Date().toISOString())
      .then((secret) => ({
        encryption: createHmac('sha256', secret).update('app-key encryption').digest(),
        lookup: createHmac('sha256', secret).update('app-key lookup').digest(),
      }))
      .catch((error: unknown) => {
        this.keys = null;
        throw error;
      });
    return this.keys;
  }

  private async lookupOf(appKey: string): Promise<string> {
    const { lookup } = await this.derivedKeys();
    return createHmac('sha256', lookup).update(appKey).digest('hex');
  }

  private async seal(appKey: string, userId: number): Promise<string> {
    const { encryption } = await this.derivedKeys();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', encryption, iv);
    // The owner is bound in, so a box copied onto another account's row does not open.
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const sealed = Buffer.concat([cipher.update(appKey, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  private async open(box: string, userId: number): Promise<string | null> {
    const { encryption } = await this.derivedKeys();
    const [iv, tag, sealed] = box.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', encryption, iv);
      decipher.setAAD(Buffer.from(`user:${userId}`));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** Makes a new key (replacing the old one) and returns it: the only time it is shown. */
  async create(userId: number): Promise<{ appKey: string; createdAt: string }> {
    const appKey = newAppKey();
    const createdAt = new Date().toISOString();
    await this.repository.replace(
      userId,
      await this.seal(appKey, userId),
      await this.lookupOf(appKey),
      createdAt,
    );
    return { appKey, createdAt };
  }

  async revoke(userId: number): Promise<AppKeyState> {
    await this.repository.remove(userId);
    return { hasKey: false, createdAt: null };
  }

  async state(userId: number): Promise<AppKeyState> {
    const row = await this.repository.byUser(userId);
    return { hasKey: row !== undefined, createdAt: row?.createdAt ?? null };
  }

  private async keyOf(userId: number): Promise<string | null> {
    const row = await this.repository.byUser(userId);
    return row ? this.open(row.keyBox, userId) : null;
  }

  /** Whether `token` is md5(the user's key + salt). False for a user without a key. */
  async matchesToken(userId: number, token: string, salt: string): Promise<boolean> {
    const appKey = await this.keyOf(userId);
    if (!appKey) return false;
    const expected = createHash('md5')
      .update(appKey + salt)
      .digest('hex');
    return safeEqual(expected, token.toLowerCase());
  }

  /** Whether `candidate` is the user's key (apps that send `p` in clear may send the key). */
  async matchesKey(userId: number, candidate: string): Promise<boolean> {
    const appKey = await this.keyOf(userId);
    return appKey !== null && safeEqual(appKey, candidate);
  }

  /**
   * The account of an `apiKey` as it is now, or null. The lookup is an HMAC under the server's
   * secret, unique per key, so finding its row proves the key without opening the sealed copy.
   */
  async accountOf(apiKey: string): Promise<UserRow | null> {
    return (await this.repository.accountByLookup(await this.lookupOf(apiKey))) ?? null;
  }
}
