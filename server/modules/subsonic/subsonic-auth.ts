import { createHash } from 'node:crypto';
import { normalizeEmail } from '../../../contract/rules/email.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../plugins/policies.ts';
import { SUSPENDED_MESSAGE } from '../../plugins/policies.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { LIMITS } from '../auth/auth.service.ts';
import type { AppKeysService } from './app-keys.service.ts';
import { CODES, missing, type Params, SubsonicError } from './protocol.ts';

const WRONG = 'Wrong username or password';
/** How long a checked password is remembered, so apps that send `p` on every call skip argon2. */
const PASSWORD_MEMORY_MS = 5 * 60_000;
const PASSWORD_MEMORY_ENTRIES = 1_000;

/** `p` as apps send it: in clear, or `enc:` and its UTF-8 bytes in hex. */
export function decodePassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return p;
  return Buffer.from(hex, 'hex').toString('utf8');
}

function callerOf(user: UserRow): Caller {
  return {
    userId: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    sessionId: 0,
    via: 'app',
  };
}

/**
 * Who a Subsonic call comes from, by one of three schemes: `u` + `p` checks the account
 * password or the app key (limited per address like the password login); `u` + `t` + `s` and
 * `apiKey` check the listener's app key. Salts may be reused: Feishin and DSub send one salt for many calls. A
 * blocked account is told so only once its credentials were right.
 */
export class SubsonicAuth {
  /** sha256 of (user, password hash, password) → when it was checked. Hashes only. */
  private readonly passwordsSeen = new Map<string, number>();
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: AuthRepository,
    private readonly appKeys: AppKeysService,
    private readonly limiter: RateLimiter,
  ) {}

  async authenticate(params: Params): Promise<Caller> {
    const apiKey = params.get('apiKey');
    const u = params.get('u');
    if (apiKey !== undefined) {
      if (u !== undefined || params.get('p') !== undefined || params.get('t') !== undefined) {
        throw new SubsonicError(
          CODES.conflictingMechanisms,
          'Send either apiKey or u with p or t and s, not both',
        );
      }
      const userId = apiKey ? await this.appKeys.ownerOf(apiKey) : null;
      const user = userId === null ? undefined : await this.users.findUserById(userId);
      if (!user) throw new SubsonicError(CODES.invalidApiKey, 'Invalid API key');
      return this.admitted(user);
    }
    if (!u) throw missing('u');
    const email = normalizeEmail(u);
    const p = params.get('p');
    if (p !== undefined) return this.admitted(await this.byPassword(email, decodePassword(p)));
    const t = params.get('t');
    const s = params.get('s');
    if (t === undefined) throw missing('p or t');
    if (!s) throw missing('s');
    const user = await this.users.findUserByEmail(email);
    // An unknown user, or one without an app key, has no secret to match: md5('' + salt) fails.
    if (!user || !(await this.appKeys.matchesToken(user.id, t, s))) {
      throw new SubsonicError(CODES.wrongCredentials, WRONG);
    }
    return this.admitted(user);
  }

  private admitted(user: UserRow): Caller {
    if (user.is_blocked) throw new SubsonicError(CODES.notAuthorized, SUSPENDED_MESSAGE);
    return callerOf(user);
  }

  private async byPassword(email: string, password: string): Promise<UserRow> {
    const key = `password-login:${email}`;
    try {
      await this.limiter.hit(key, LIMITS.passwordPerEmail);
    } catch (error) {
      if (error instanceof AppError) throw new SubsonicError(CODES.generic, error.message);
      throw error;
    }
    const user = await this.users.findUserByEmail(email);
    // The app key stands in for the password too, so accounts without one (e-mail codes only)
    // can use apps that only send `p`.
    if (user && password && (await this.appKeys.matchesKey(user.id, password))) {
      await this.limiter.reset(key);
      return user;
    }
    if (!user?.password_hash || !password) {
      // Unknown addresses cost the same hashing time, so timing does not reveal accounts.
      this.dummyHash ??= hashPassword('not-a-real-password-0');
      await verifyPassword(await this.dummyHash, password || '-');
      throw new SubsonicError(CODES.wrongCredentials, WRONG);
    }
    const seenKey = createHash('sha256')
      .update(`${user.id}\n${user.password_hash}\n${password}`)
      .digest('hex');
    const seen = this.passwordsSeen.get(seenKey);
    const now = Date.now();
    if (seen === undefined || now - seen >= PASSWORD_MEMORY_MS) {
      if (!(await verifyPassword(user.password_hash, password))) {
        throw new SubsonicError(CODES.wrongCredentials, WRONG);
      }
      if (this.passwordsSeen.size >= PASSWORD_MEMORY_ENTRIES) this.passwordsSeen.clear();
      this.passwordsSeen.set(seenKey, now);
    }
    await this.limiter.reset(key);
    return user;
  }
}
