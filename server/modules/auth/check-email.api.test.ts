import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { freshIp, signupBody, solveBotCheck } from '../../../tests/helpers/auth.ts';
import { createUser } from '../../../tests/helpers/factories.ts';
import { IP_LIMITS } from './auth.routes.ts';

describe("sign-up's step-1 address check", () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp({ BOT_CHECK_MAX_NUMBER: '500' });
  });
  afterAll(() => t.close());

  const check = (payload: Record<string, unknown>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/checkEmail',
      payload,
      remoteAddress: ip,
    });

  it('says a free address can be used and a taken one already has an account', async () => {
    const ip = freshIp();
    const free = await check(
      { email: 'nobody-yet@example.com', altcha: await solveBotCheck(t.app) },
      ip,
    );
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toEqual({ message: 'This email can be used to sign up' });

    const user = await createUser(t.deps);
    const taken = await check(
      { email: user.email.toUpperCase(), altcha: await solveBotCheck(t.app) },
      ip,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists');
  });

  it('refuses a malformed address with the rule’s message, and a replayed bot check', async () => {
    const ip = freshIp();
    const bad = await check({ email: 'not-an-email' }, ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please enter a valid email', field: 'email' });

    const altcha = await solveBotCheck(t.app);
    expect((await check({ email: 'first@example.com', altcha }, ip)).statusCode).toBe(200);
    const replay = await check({ email: 'second@example.com', altcha }, ip);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('The bot check failed. Please try again.');
  });

  it('shares registering’s budget for clients without the bot check', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const response = await check({ email: `probe-${i}@example.com` }, ip);
      expect(response.statusCode, response.body).toBe(200);
    }
    const fourth = await check({ email: 'probe-4@example.com' }, ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds?\.$/,
    );
    // Registering without the check from there is refused too: one budget for both.
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: signupBody(),
      remoteAddress: ip,
    });
    expect(register.statusCode).toBe(429);
  });

  it('limits each client address as registering does, even with solved checks', async () => {
    const ip = freshIp();
    for (let i = 0; i < IP_LIMITS.checkEmail.max; i++) {
      const response = await check(
        { email: `many-${i}@example.com`, altcha: await solveBotCheck(t.app) },
        ip,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await check(
      { email: 'one-more@example.com', altcha: await solveBotCheck(t.app) },
      ip,
    );
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Please try again in \d+ seconds?\./);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
