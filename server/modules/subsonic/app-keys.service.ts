import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema.ts';
import type { ServerSecret } from '../../lib/server-secret.ts';
import { safeEqual } from '../../lib/tokens.ts';
import type { AppKeysRepository } from './app-keys.repository.ts';

/** What the profile page shows about a listener's app key (never the key itself). */
export interface AppKeyState {
  hasKey: boolean;
  createdAt: string | null;
}

/** Base64url of 24 random bytes: 32 characters, easy to paste into an app's password field. */
function newAppKey(): string {
  return randomBytes(24).toString('base64url');
}

/** The two keys app keys are sealed and found with: one seals them, one makes their lookups. */
export class AppKeyRing {
  constructor(
    private readonly encryption: Buffer,
    private readonly lookupKey: Buffer,
  ) {}

  /** The ring of this server: both keys derived from its secret (SECRET or secret.key). */
  static of(secret: ServerSecret): AppKeyRing {
    return new AppKeyRing(
      Buffer.from(secret.hash('app-key', 'encryption'), 'hex'),
      Buffer.from(secret.hash('app-key', 'lookup'), 'hex'),
    );
  }

  /** The ring of keys sealed before, under a secret stored in the database beside them. */
  static ofDatabaseSecret(secret: string): AppKeyRing {
    return new AppKeyRing(
      createHmac('sha256', secret).update('app-key encryption').digest(),
      createHmac('sha256', secret).update('app-key lookup').digest(),
    );
  }

  lookup(appKey: string): string {
    return createHmac('sha256', this.lookupKey).update(appKey).digest('hex');
  }

  seal(appKey: string, userId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryption, iv);
    // The owner is bound in, so a box copied onto another account's row does not open.
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const sealed = Buffer.concat([cipher.update(appKey, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  /** The key in `box`, or null when it was not sealed under this ring for this user. */
  open(box: string, userId: number): string | null {
    const [iv, tag, sealed] = box.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryption, iv);
      decipher.setAAD(Buffer.from(`user:${userId}`));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/**
 * App keys for Subsonic apps. The token scheme sends md5(key + salt), so the server must be able
 * to read the key back: it is stored encrypted (AES-256-GCM) under a key derived from the
 * server's secret, which a copy of the database does not hold (SECRET, or `secret.key` beside a
 * SQLite database; PostgreSQL without SECRET stores its generated one in the database). An HMAC
 * of the key finds the account of an `apiKey` in one indexed read, decrypting nothing. Account passwords are never stored this way: a key is a separate secret
 * that the listener can revoke.
 */
export class AppKeysService {
  private readonly ring: AppKeyRing;

  constructor(
    private readonly repository: AppKeysRepository,
    secret: ServerSecret,
  ) {
    this.ring = AppKeyRing.of(secret);
  }

  /**
   * Seals again under the server's secret the keys sealed under the database's own secret (as
   * Chorus did at first), then forgets that secret, so listeners keep their apps. Run at start;
   * instances starting together each reseal a key at most once, the first write winning.
   */
  async resealDatabaseSealedKeys(): Promise<number> {
    const databaseSecret = await this.repository.databaseSecret();
    if (databaseSecret === null) return 0;
    const before = AppKeyRing.ofDatabaseSecret(databaseSecret);
    let resealed = 0;
    for (const row of await this.repository.all()) {
      const appKey = before.open(row.keyBox, row.userId);
      if (appKey === null) continue;
      const box = this.ring.seal(appKey, row.userId);
      if (await this.repository.reseal(row, box, this.ring.lookup(appKey))) resealed++;
    }
    await this.repository.forgetDatabaseSecret();
    return resealed;
  }

  /** Makes a new key (replacing the old one) and returns it: the only time it is shown. */
  async create(userId: number): Promise<{ appKey: string; createdAt: string }> {
    const appKey = newAppKey();
    const createdAt = new Date().toISOString();
    await this.repository.replace(
      userId,
      this.ring.seal(appKey, userId),
      this.ring.lookup(appKey),
      createdAt,
    );
    return { appKey, createdAt };
  }

  async revoke(userId: number): Promise<AppKeyState> {
    await this.repository.remove(userId);
    return { hasKey: false, createdAt: null };
  }

  /** A key that no longer opens (the server's secret changed) is none: the listener makes another. */
  async state(userId: number): Promise<AppKeyState> {
    const row = await this.repository.byUser(userId);
    return row && this.ring.open(row.keyBox, userId) !== null
      ? { hasKey: true, createdAt: row.createdAt }
      : { hasKey: false, createdAt: null };
  }

  private async keyOf(userId: number): Promise<string | null> {
    const row = await this.repository.byUser(userId);
    return row ? this.ring.open(row.keyBox, userId) : null;
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
    return (await this.repository.accountByLookup(this.ring.lookup(apiKey))) ?? null;
  }
}
