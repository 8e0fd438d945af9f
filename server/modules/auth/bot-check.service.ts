import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { BotChallenge } from '../../../contract/auth.ts';
import type { BotSolution } from '../../../contract/rules/bot-check.ts';
import { badRequest } from '../../lib/errors.ts';
import { safeEqual, sha256 } from '../../lib/tokens.ts';
import type { AuthRepository } from './auth.repository.ts';

/** How long a challenge may take from being issued to being used. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/** ~50k SHA-256 tries on average: well under a second in a browser worker, costly in bulk. */
export const DEFAULT_BOT_CHECK_MAX_NUMBER = 100_000;

export const BOT_CHECK_FAILED = 'The bot check failed. Please try again.';

/**
 * A self-hosted proof-of-work check (ALTCHA's format): challenges are signed with a key kept in
 * the database, so any instance can verify what another issued, and each solution is accepted
 * once.
 */
export class BotCheckService {
  private key: Promise<string> | null = null;

  constructor(
    private readonly repository: AuthRepository,
    private readonly maxNumber: number,
  ) {}

  private hmacKey(): Promise<string> {
    this.key ??= this.repository
      .secret('bot-check-hmac', randomBytes(32).toString('hex'), new Date().toISOString())
      .catch((error: unknown) => {
        this.key = null;
        throw error;
      });
    return this.key;
  }

  async challenge(now = Date.now()): Promise<BotChallenge> {
    const expires = Math.floor((now + CHALLENGE_TTL_MS) / 1000);
    const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
    const number = randomInt(0, this.maxNumber + 1);
    const challenge = sha256(salt + number);
    const signature = createHmac('sha256', await this.hmacKey())
      .update(challenge)
      .digest('hex');
    return { algorithm: 'SHA-256', challenge, maxnumber: this.maxNumber, salt, signature };
  }

  /** Accepts a base64 payload once; throws 400 for anything forged, stale, wrong or replayed. */
  async verify(payload: string, now = Date.now()): Promise<void> {
    const solution = parse(payload);
    if (!solution) throw badRequest(BOT_CHECK_FAILED, 'altcha');
    const expires = Number(/[?&]expires=(\d+)/.exec(solution.salt)?.[1]);
    if (!Number.isFinite(expires) || expires * 1000 <= now) {
      throw badRequest('The bot check expired. Please try again.', 'altcha');
    }
    const expected = createHmac('sha256', await this.hmacKey())
      .update(solution.challenge)
      .digest('hex');
    if (
      !safeEqual(expected, solution.signature) ||
      sha256(solution.salt + solution.number) !== solution.challenge
    ) {
      throw badRequest(BOT_CHECK_FAILED, 'altcha');
    }
    const spent = await this.repository.spendSolution(
      solution.challenge,
      new Date(expires * 1000).toISOString(),
      new Date(now).toISOString(),
    );
    if (!spent) throw badRequest(BOT_CHECK_FAILED, 'altcha');
  }
}

function parse(payload: string): BotSolution | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    v.algorithm !== 'SHA-256' ||
    typeof v.challenge !== 'string' ||
    !/^[0-9a-f]{64}$/.test(v.challenge) ||
    typeof v.salt !== 'string' ||
    v.salt.length > 200 ||
    typeof v.signature !== 'string' ||
    typeof v.number !== 'number' ||
    !Number.isSafeInteger(v.number) ||
    v.number < 0
  ) {
    return null;
  }
  return {
    algorithm: 'SHA-256',
    challenge: v.challenge,
    number: v.number,
    salt: v.salt,
    signature: v.signature,
  };
}
