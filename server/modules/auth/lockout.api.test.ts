import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { codeIn, freshIp } from '../../../tests/helpers/auth.ts';
import { createUser } from '../../../tests/helpers/factories.ts';
import { buildApp } from '../../app.ts';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from '../../bootstrap/admin.ts';
import { LocalMediaStore } from '../../media/local-store.ts';

describe('no account enumeration, no lockout', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  async function sendCode(url: string, email: string, ip: string): Promise<string> {
    const response = await post(url, { email }, ip);
    expect(response.statusCode, response.body).toBe(200);
    return codeIn(t.mailer.last(email)?.text);
  }

  it('answers wrong codes alike for a real account and an unknown address', async () => {
    const user = await createUser(t.deps);
    const unknown = `nobody-${Date.now()}@example.com`;
    // The wait a 429 names runs from each sequence's own start; only the wording must match.
    const answer = (response: { statusCode: number; body: string }) =>
      `${response.statusCode} ${response.body.replace(/in \d+ seconds?/, 'in N seconds')}`;
    const answers = async (email: string) => {
      const ip = freshIp();
      const seen: string[] = [];
      for (const [sendUrl, checkUrl] of [
        ['/api/auth/sendOTP', '/api/auth/verifyOTP'],
        ['/api/auth/forgotPassword', '/api/auth/resetPassword'],
      ] as const) {
        const sent = await post(sendUrl, { email }, ip);
        seen.push(answer(sent));
        for (let i = 0; i < 6; i++) {
          const response = await post(
            checkUrl,
            { email, otp: '000000', password: 'a-new-password-1', cpassword: 'a-new-password-1' },
            ip,
          );
          seen.push(answer(response));
        }
      }
      return seen;
    };
    const known = await answers(user.email);
    expect(known).toContain(
      '400 {"message":"That code is not right. Please check it and try again.","field":"otp"}',
    );
    expect(known.at(-1)).toBe(
      '429 {"message":"Too many attempts. Please try again in N seconds."}',
    );
    expect(await answers(unknown)).toEqual(known);
  });

  it("lets the owner log in with the right password after an attacker's 100 wrong ones from other addresses", async () => {
    const user = await createUser(t.deps);
    for (let i = 0; i < 100; i++) {
      const response = await post(
        '/api/auth/loginWithPass',
        { email: user.email, password: `guess-${i}-password` },
        `198.51.100.${i % 10}`,
      );
      expect([401, 429]).toContain(response.statusCode);
    }
    // Each attacking address is slowed on this account...
    const attacker = await post(
      '/api/auth/loginWithPass',
      { email: user.email, password: user.password },
      '198.51.100.3',
    );
    expect(attacker.statusCode).toBe(429);
    // ...while the owner, who never failed from their address, is heard.
    const owner = await post(
      '/api/auth/loginWithPass',
      { email: user.email, password: user.password },
      freshIp(),
    );
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('keeps the default administrator reachable under the same attack', async () => {
    const admin = await ensureAdmin(t.deps.db, { email: null, password: null });
    expect(admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
    for (let i = 0; i < 100; i++) {
      await post(
        i % 2 ? '/api/admin/adminLogin' : '/api/auth/loginWithPass',
        { email: DEFAULT_ADMIN_EMAIL, password: `guess-${i}-password` },
        `203.0.113.${i % 10}`,
      );
    }
    const owner = await post(
      '/api/admin/adminLogin',
      { email: DEFAULT_ADMIN_EMAIL, password: admin!.generatedPassword },
      freshIp(),
    );
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().isAdmin).toBe(true);
  });

  it("keeps the owner's e-mailed code working while others ask for codes and guess wrong", async () => {
    const user = await createUser(t.deps);
    const ownerIp = freshIp();
    const code = await sendCode('/api/auth/sendOTP', user.email, ownerIp);
    const wrong = code === '000000' ? '111111' : '000000';
    // 60 wrong codes from 12 addresses, each of which first asks for a code of its own.
    for (let a = 0; a < 12; a++) {
      const ip = `192.0.2.${a}`;
      await post('/api/auth/sendOTP', { email: user.email }, ip);
      for (let i = 0; i < 5; i++) {
        await post('/api/auth/verifyOTP', { email: user.email, otp: wrong }, ip);
      }
    }
    // The account's budget is spent: an address that already failed is refused outright...
    const again = await post('/api/auth/verifyOTP', { email: user.email, otp: wrong }, '192.0.2.0');
    expect(again.statusCode).toBe(429);
    // ...but the owner's code, from the owner's address, works.
    const owner = await post('/api/auth/verifyOTP', { email: user.email, otp: code }, ownerIp);
    expect(owner.statusCode, owner.body).toBe(200);

    // So does a password reset by e-mailed code.
    const resetCode = await sendCode('/api/auth/forgotPassword', user.email, ownerIp);
    const reset = await post(
      '/api/auth/resetPassword',
      {
        email: user.email,
        otp: resetCode,
        password: 'a-new-password-1',
        cpassword: 'a-new-password-1',
      },
      ownerIp,
    );
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('counts attempts in the database, so two instances share the limit', async () => {
    const second = await buildApp({
      config: t.config,
      database: t.database,
      media: new LocalMediaStore(path.join(t.dataDir, 'media')),
      mailer: t.mailer,
      logger: false,
    });
    try {
      const user = await createUser(t.deps);
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const app = i % 2 ? second : t.app;
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/loginWithPass',
          payload: { email: user.email, password: 'wrong-password-1' },
          remoteAddress: ip,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    } finally {
      await second.close();
    }
  });
});
