import { createHash } from 'node:crypto';
import { normalizeEmail } from '../../../contract/rules/email.ts';
import type { UserRow } from '../../db/schema.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { ByteBudget } from '../../lib/cache-budget.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../plugins/policies.ts';
import { addressBucket, type RateLimiter } from '../../plugins/rate-limit.ts';
import { AttemptBudgets } from '../auth/attempt-budgets.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { IP_LIMITS } from '../auth/auth.routes.ts';
import { BUDGETS } from '../auth/auth.service.ts';
import type { AppKeysService } from './app-keys.service.ts';
import { CODES, missing, type Params, SubsonicError } from './protocol.ts';

const WRONG = 'Wrong username or password';
/** A token is made from the app key only, and people type their password in apps first. */
const WRONG_TOKEN =
  'Wrong username or app key: apps that send a token sign in with the app key made under Apps on your Chorus profile page, not your password';
/** Said in full, as apps show it as it is (the web login keeps the product's own wording). */
const SUSPENDED = 'Your account is suspended: ask the administrator of this Chorus server';
/** How long a checked password is remembered, so apps that send `p` on every call skip argon2. */
const PASSWORD_MEMORY_MS = 5 * 60_000;
/**
 * Some 1,300 checked passwords: an entry is a 64-character hash and a time. A changed password
 * changes the hash, so it is never stale beyond the 5 minutes; each instance checks for itself.
 */
const PASSWORD_MEMORY_BYTES = 256 * 1024;
const PASSWORD_ENTRY_BYTES = 192;

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
  private readonly passwordsSeen = new BoundedMap<string, number>(
    new ByteBudget(PASSWORD_MEMORY_BYTES),
    () => PASSWORD_ENTRY_BYTES,
  );
  private dummyHash: Promise<string> | null = null;
  private readonly budgets: AttemptBudgets;

  constructor(
    private readonly users: AuthRepository,
    private readonly appKeys: AppKeysService,
    private readonly limiter: RateLimiter,
  ) {
    this.budgets = new AttemptBudgets(limiter);
  }

  /** `ip`: the client's address, which wrong passwords are counted against (as the web login). */
  async authenticate(params: Params, ip: string): Promise<Caller> {
    const apiKey = params.get('apiKey');
    const u = params.get('u');
    if (apiKey !== undefined) {
      if (u !== undefined || params.get('p') !== undefined || params.get('t') !== undefined) {
        throw new SubsonicError(
          CODES.conflictingMechanisms,
          'Send either apiKey or u with p or t and s, not both',
        );
      }
      const user = apiKey ? await this.appKeys.accountOf(apiKey) : null;
      if (!user) throw new SubsonicError(CODES.invalidApiKey, 'Invalid API key');
      return this.admitted(user);
    }
    if (!u) throw missing('u');
    const email = normalizeEmail(u);
    const p = params.get('p');
    if (p !== undefined) {
      return this.admitted(await this.byPassword(email, decodePassword(p), addressBucket(ip)));
    }
    const t = params.get('t');
    const s = params.get('s');
    if (t === undefined) throw missing('p or t');
    if (!s) throw missing('s');
    const user = await this.users.findUserByEmail(email);
    // An unknown user, or one without an app key, has no secret to match: md5('' + salt) fails.
    if (!user || !(await this.appKeys.matchesToken(user.id, t, s))) {
      throw new SubsonicError(CODES.wrongCredentials, WRONG_TOKEN);
    }
    return this.admitted(user);
  }

  private admitted(user: UserRow): Caller {
    if (user.is_blocked) throw new SubsonicError(CODES.notAuthorized, SUSPENDED);
    return callerOf(user);
  }

  private async byPassword(email: string, password: string, address: string): Promise<UserRow> {
    // The web login's budgets: wrong passwords per account and address, so an attacker's tries
    // from elsewhere never lock the owner out (server/modules/auth/README.md). Their 429s reach
    // apps as every refusal does (asSubsonicError): code 0, the wait in the message.
    await this.budgets.check('wrong-password', BUDGETS.wrongPasswords, email, address);
    const wrong = async () => {
      await this.budgets.spend('wrong-password', BUDGETS.wrongPasswords, email, address);
      return new SubsonicError(CODES.wrongCredentials, WRONG);
    };
    const user = await this.users.findUserByEmail(email);
    // The app key stands in for the password too, so accounts without one (e-mail codes only)
    // can use apps that only send `p`.
    if (user && password && (await this.appKeys.matchesKey(user.id, password))) {
      await this.budgets.forgive('wrong-password', email, address);
      return user;
    }
    const seenKey = user?.password_hash
      ? createHash('sha256').update(`${user.id}\n${user.password_hash}\n${password}`).digest('hex')
      : null;
    const seen = seenKey === null ? undefined : this.passwordsSeen.get(seenKey);
    const now = Date.now();
    if (user && seen !== undefined && now - seen < PASSWORD_MEMORY_MS) return user;
    // Every password about to be hashed counts against its address first, as the web login's
    // tries do, so tries sent together are all counted before any is answered; a remembered
    // password or the app key counts nothing, as apps send them with every call.
    await this.limiter.hit(`subsonic-password:ip:${address}`, IP_LIMITS.password);
    if (!user?.password_hash || seenKey === null || !password) {
      // Unknown addresses cost the same hashing time, so timing does not reveal accounts.
      this.dummyHash ??= hashPassword('not-a-real-password-0');
      await verifyPassword(await this.dummyHash, password || '-');
      throw await wrong();
    }
    if (!(await verifyPassword(user.password_hash, password))) throw await wrong();
    this.passwordsSeen.set(seenKey, now);
    await this.budgets.forgive('wrong-password', email, address);
    return user;
  }
}
