import type { LightMyRequestResponse } from 'fastify';
import type { BotChallenge } from '../../contract/auth.ts';
import { encodeSolution, solveChallenge } from '../../contract/rules/bot-check.ts';
import type { TestApp } from './api-app.ts';

let ipCounter = 0;
/** A fresh client address per call, so per-IP limits only bite where a test means them to. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Asks the app for a bot-check challenge and solves it the way the browser does. */
export async function solveBotCheck(app: TestApp, ip = freshIp()): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/challenge',
    remoteAddress: ip,
  });
  const challenge = response.json<BotChallenge>();
  const solution = await solveChallenge(challenge);
  if (!solution) throw new Error('the bot-check challenge has no solution');
  return encodeSolution(solution);
}

export function signupBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: 'Ada Listener',
    email: `ada-${id}@example.com`,
    password: 'correct-horse-1',
    cpassword: 'correct-horse-1',
    DOB: '1990-04-12',
    gender: 'Woman',
    ...overrides,
  };
}

/** Cookies a response sets, by name, with their attributes. */
export function setCookies(response: LightMyRequestResponse): Record<
  string,
  {
    value: string;
    maxAge?: number;
    httpOnly?: boolean;
    sameSite?: string;
    expires?: Date;
    secure?: boolean;
  }
> {
  const out: ReturnType<typeof setCookies> = {};
  for (const cookie of response.cookies as Array<{
    name: string;
    value: string;
    maxAge?: number;
    httpOnly?: boolean;
    sameSite?: string;
    expires?: Date;
    secure?: boolean;
  }>) {
    out[cookie.name] = cookie;
  }
  return out;
}

/** The 6-digit code in a mail's text. */
export function codeIn(text: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(text ?? '');
  if (!match) throw new Error(`no code in mail: ${text}`);
  return match[1]!;
}
