import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  codeIn,
  freshIp,
  setCookies,
  signupBody,
  solveBotCheck,
} from '../../../tests/helpers/auth.ts';
import { createUser } from '../../../tests/helpers/factories.ts';
import { sha256 } from '../../lib/tokens.ts';

const SUSPENDED = 'Your account temporerly suspended';
const ALREADY_SENT = 'We already sent a code to your email. It still works.';
const THIRTY_DAYS = 30 * 86_400;

describe('accounts API', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp({ BOT_CHECK_MAX_NUMBER: '500' });
  });
  afterAll(() => t.close());

  // Each test is one client at its own address, as a browser is: it asks for a code and sends it
  // back from the same place.
  let clientIp: string;
  beforeEach(() => {
    clientIp = freshIp();
  });

  const post = (
    url: string,
    payload: unknown,
    options: {
      ip?: string;
      headers?: Record<string, string>;
      cookies?: Record<string, string>;
    } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? clientIp,
      headers: options.headers,
      cookies: options.cookies,
    });

  const me = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers, cookies });

  async function register(overrides: Record<string, unknown> = {}) {
    const body = signupBody({ altcha: await solveBotCheck(t.app), ...overrides });
    const response = await post('/api/auth/register', body);
    return { body, response };
  }

  async function loginCode(email: string): Promise<string> {
    const response = await post('/api/auth/sendOTP', { email });
    expect(response.statusCode, response.body).toBe(200);
    return codeIn(t.mailer.last(email.toLowerCase())?.text);
  }

  /** Lets the resend cooldown pass without waiting, by ageing the stored codes. */
  async function ageCodes(email: string, ms: number) {
    const rows = await t.deps.db
      .selectFrom('one_time_codes')
      .select(['id', 'created_at', 'expires_at'])
      .where('email', '=', email)
      .execute();
    for (const row of rows) {
      await t.deps.db
        .updateTable('one_time_codes')
        .set({
          created_at: new Date(Date.parse(row.created_at) - ms).toISOString(),
          expires_at: new Date(Date.parse(row.expires_at) - ms).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }

  describe('registration', () => {
    it('creates the account, logs it in with a 30-day session and both cookies', async () => {
      const { body, response } = await register({ email: 'New.Person@Example.com' });
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json();
      expect(answer.message).toBe('Registration successful!');
      expect(answer.data).toMatchObject({
        name: 'Ada Listener',
        email: 'new.person@example.com',
        isAdmin: false,
        DOB: '1990-04-12',
        gender: 'Woman',
        token: answer.token,
      });
      expect(answer.isAdmin).toBe(false);
      expect(JSON.stringify(answer)).not.toMatch(/argon2|password_hash|correct-horse/);
      const cookies = setCookies(response);
      expect(cookies.chorus_session).toMatchObject({ value: answer.token, httpOnly: true });
      expect(cookies.chorus_session!.sameSite).toBe('Lax');
      expect(cookies.chorus_session!.maxAge).toBeGreaterThan(THIRTY_DAYS - 60);
      expect(cookies['XSRF-TOKEN']!.httpOnly).toBeFalsy();
      expect(cookies['XSRF-TOKEN']!.value.length).toBeGreaterThan(20);
      const who = await me({ authorization: `Bearer ${answer.token}` });
      expect(who.statusCode).toBe(200);
      expect(who.json().user.email).toBe('new.person@example.com');
      // The password really is the one given.
      const login = await post('/api/auth/loginWithPass', {
        email: body.email,
        password: body.password,
      });
      expect(login.statusCode).toBe(200);
    });

    it('answers 409 when the e-mail already has an account, whatever its case', async () => {
      const first = await register();
      expect(first.response.statusCode).toBe(201);
      const again = await register({ email: String(first.body.email).toUpperCase() });
      expect(again.response.statusCode).toBe(409);
      expect(again.response.json().message).toBe('An account with this email already exists');
    });

    it.each([
      [{ email: '' }, 'Email is required', 'email'],
      [{ email: 'no-at-sign.com' }, 'Please enter a valid email', 'email'],
      [{ email: 'a b@c.de' }, 'Please enter a valid email', 'email'],
      [{ password: '' }, 'Password is required', 'password'],
      [{ cpassword: '' }, 'Confirm password is required', 'password'],
      [{ cpassword: 'something-else-1' }, 'Passwords do not match', 'password'],
      [
        { password: 'short-1', cpassword: 'short-1' },
        'Password does not meet requirements',
        'password',
      ],
      [
        { password: 'onlyletterslong', cpassword: 'onlyletterslong' },
        'Password does not meet requirements',
        'password',
      ],
      [
        { password: '1234567890!', cpassword: '1234567890!' },
        'Password does not meet requirements',
        'password',
      ],
      [{ name: '   ' }, 'Name is required', 'name'],
      [{ DOB: '1899-12-31' }, 'Please enter a valid date of birth', 'DOB'],
      [{ DOB: '2001-02-30' }, 'Please enter a valid date of birth', 'DOB'],
      [
        { DOB: `${new Date().getUTCFullYear() + 1}-01-01` },
        'Please enter a valid date of birth',
        'DOB',
      ],
      [{ gender: 'Robot' }, 'Gender is required', 'gender'],
      [{ gender: undefined }, 'Gender is required', 'gender'],
    ])('refuses %j with the client’s message', async (overrides, message, field) => {
      const response = await post('/api/auth/register', signupBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field });
    });

    it('accepts a password with a special character instead of a digit', async () => {
      const { response } = await register({ password: 'letters-and!', cpassword: 'letters-and!' });
      expect(response.statusCode, response.body).toBe(201);
    });
  });

  describe('bot check', () => {
    it('issues signed challenges at the configured difficulty', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/challenge' });
      expect(response.statusCode).toBe(200);
      const challenge = response.json();
      expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 500 });
      expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.salt).toMatch(/\?expires=\d+$/);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('accepts the solution in the X-Altcha header', async () => {
      const altcha = await solveBotCheck(t.app);
      const response = await post('/api/auth/register', signupBody(), {
        headers: { 'x-altcha': altcha },
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('accepts each solution once', async () => {
      const altcha = await solveBotCheck(t.app);
      expect((await post('/api/auth/register', signupBody({ altcha }))).statusCode).toBe(201);
      const replay = await post('/api/auth/register', signupBody({ altcha }));
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        message: 'The bot check failed. Please try again.',
        field: 'altcha',
      });
    });

    it('refuses a wrong number, a forged signature, an expired challenge and garbage', async () => {
      const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64').toString());
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
      const good = decode(await solveBotCheck(t.app));
      const variants = [
        encode({ ...good, number: good.number + 1 }),
        encode({ ...good, signature: 'f'.repeat(64) }),
        'not base64 json at all',
        encode({ ...good, algorithm: 'MD5' }),
      ];
      for (const altcha of variants) {
        const response = await post('/api/auth/register', signupBody({ altcha }));
        expect(response.statusCode, altcha).toBe(400);
        expect(response.json().message).toBe('The bot check failed. Please try again.');
      }
      // A challenge whose expiry has passed, re-signed honestly by a forger who knows no key,
      // cannot be produced; an expired genuine one is refused as expired.
      const expiredSalt = good.salt.replace(/expires=\d+/, 'expires=1000');
      const expired = await post(
        '/api/auth/register',
        signupBody({ altcha: encode({ ...good, salt: expiredSalt }) }),
      );
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe('The bot check expired. Please try again.');
      // The untouched solution still works: none of the refusals spent it.
      const ok = await post('/api/auth/register', signupBody({ altcha: encode(good) }));
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('lets a client without the check register only 3 accounts an hour per address', async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        const response = await post('/api/auth/register', signupBody(), { ip });
        expect(response.statusCode, response.body).toBe(201);
      }
      const fourth = await post('/api/auth/register', signupBody(), { ip });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds?\.$/,
      );
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      // With a solved check the same address still gets in.
      const checked = await post(
        '/api/auth/register',
        signupBody({ altcha: await solveBotCheck(t.app) }),
        { ip },
      );
      expect(checked.statusCode).toBe(201);
    });
  });

  describe('login by e-mail code', () => {
    it('mails a 6-digit code that logs in once, answering as the original client expects', async () => {
      const user = await createUser(t.deps);
      const send = await post('/api/auth/sendOTP', { email: user.email });
      expect(send.statusCode).toBe(200);
      expect(send.json()).toEqual({ message: 'We sent a code to your email', resendAfter: 30 });
      const mail = t.mailer.last(user.email)!;
      const code = codeIn(mail.subject);
      expect(mail.text).toContain(code);
      expect(mail.text).toContain('10 minutes');

      const verify = await post('/api/auth/verifyOTP', { email: user.email, otp: code });
      expect(verify.statusCode, verify.body).toBe(200);
      const answer = verify.json();
      expect(answer).toMatchObject({
        message: 'Login successfully',
        isAdmin: false,
        user: { _id: user.id, email: user.email, name: user.name },
        admin: { username: user.name, email: user.email },
      });
      expect(typeof answer.token).toBe('string');
      expect(JSON.stringify(answer)).not.toContain(code);
      expect(JSON.stringify(answer)).not.toMatch(/argon2/);
      expect((await me({ authorization: `Bearer ${answer.token}` })).statusCode).toBe(200);

      const again = await post('/api/auth/verifyOTP', { email: user.email, otp: code });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(
        'This code has expired or was already used. Please request a new one.',
      );
    });

    it('accepts the code as `code` too, and as a number', async () => {
      const user = await createUser(t.deps);
      const code = await loginCode(user.email);
      const verify = await post('/api/auth/verifyOTP', { email: user.email, code: Number(code) });
      // A leading zero is lost in a number, so only assert when there is none.
      expect(verify.statusCode, verify.body).toBe(code.startsWith('0') ? 400 : 200);
      const user2 = await createUser(t.deps);
      const code2 = await loginCode(user2.email);
      expect(
        (await post('/api/auth/verifyOTP', { email: user2.email, code: code2 })).statusCode,
      ).toBe(200);
    });

    it('stores codes only hashed', async () => {
      const user = await createUser(t.deps);
      const code = await loginCode(user.email);
      const rows = await t.deps.db
        .selectFrom('one_time_codes')
        .selectAll()
        .where('email', '=', user.email)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      // Keyed with the server's secret, stored outside the database: a copied database alone
      // cannot be searched for the code (a plain SHA-256 of a million candidates takes a second).
      expect(rows[0]!.code_hash).not.toBe(sha256(`login:${user.email}:${code}`));
      expect(rows[0]!.code_hash).toBe(t.deps.secret.hash('code', `login:${user.email}:${code}`));
    });

    it('makes codes of six digits that differ from one request to the next', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 8; i++) {
        const user = await createUser(t.deps);
        codes.add(await loginCode(user.email));
      }
      for (const code of codes) expect(code).toMatch(/^\d{6}$/);
      expect(codes.size).toBeGreaterThan(6);
    });

    it('kills a code after 5 wrong tries, even for the right code after', async () => {
      const user = await createUser(t.deps);
      const code = await loginCode(user.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await post('/api/auth/verifyOTP', { email: user.email, otp: wrong });
        expect(response.statusCode).toBe(400);
        messages.push(response.json().message);
      }
      expect(messages.slice(0, 4)).toEqual(
        Array(4).fill('That code is not right. Please check it and try again.'),
      );
      expect(messages[4]).toBe('Too many wrong codes. Please request a new one.');
      const right = await post('/api/auth/verifyOTP', { email: user.email, otp: code });
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toBe('Too many wrong codes. Please request a new one.');
    });

    it('lets 5 parallel wrong guesses and the right code share the 5 tries, no more', async () => {
      const user = await createUser(t.deps);
      const code = await loginCode(user.email);
      const wrong = code === '999999' ? '888888' : '999999';
      await Promise.all(
        Array.from({ length: 5 }, () =>
          post('/api/auth/verifyOTP', { email: user.email, otp: wrong }),
        ),
      );
      const right = await post('/api/auth/verifyOTP', { email: user.email, otp: code });
      expect(right.statusCode).toBe(400);
    });

    it('lets a code live 10 minutes', async () => {
      const user = await createUser(t.deps);
      const code = await loginCode(user.email);
      await ageCodes(user.email, 9 * 60_000);
      const fresh = await createUser(t.deps);
      const freshCode = await loginCode(fresh.email);
      await ageCodes(fresh.email, 10 * 60_000 + 1000);
      expect((await post('/api/auth/verifyOTP', { email: user.email, otp: code })).statusCode).toBe(
        200,
      );
      const late = await post('/api/auth/verifyOTP', { email: fresh.email, otp: freshCode });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(
        'This code has expired or was already used. Please request a new one.',
      );
    });

    it('leads a second ask within 30 seconds to the code already sent, then replaces it', async () => {
      const user = await createUser(t.deps);
      const first = await loginCode(user.email);
      const mailsTo = () => t.mailer.sent.filter((mail) => mail.to === user.email).length;
      const mailed = mailsTo();
      const again = await post('/api/auth/sendOTP', { email: user.email });
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe(ALREADY_SENT);
      expect(again.json().resendAfter).toBeGreaterThanOrEqual(29);
      expect(again.json().resendAfter).toBeLessThanOrEqual(30);
      await ageCodes(user.email, 25_000);
      const later = await post('/api/auth/sendOTP', { email: user.email });
      expect(later.json()).toEqual({ message: ALREADY_SENT, resendAfter: 5 });
      expect(mailsTo()).toBe(mailed);
      await ageCodes(user.email, 6_000);
      let second = await loginCode(user.email);
      while (second === first) {
        await ageCodes(user.email, 31_000);
        second = await loginCode(user.email);
      }
      expect(mailsTo()).toBeGreaterThan(mailed);
      const old = await post('/api/auth/verifyOTP', { email: user.email, otp: first });
      expect(old.statusCode).toBe(400);
      const fresh = await post('/api/auth/verifyOTP', { email: user.email, otp: second });
      expect(fresh.statusCode).toBe(200);
    });

    it('sends a new code at once when the last one was used or is out of tries', async () => {
      const user = await createUser(t.deps);
      const used = await loginCode(user.email);
      expect((await post('/api/auth/verifyOTP', { email: user.email, otp: used })).statusCode).toBe(
        200,
      );
      const afterUse = await post('/api/auth/sendOTP', { email: user.email });
      expect(afterUse.json()).toEqual({ message: 'We sent a code to your email', resendAfter: 30 });
      const spent = codeIn(t.mailer.last(user.email)?.text);
      const wrong = spent === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        await post('/api/auth/verifyOTP', { email: user.email, otp: wrong });
      }
      const fresh = await loginCode(user.email);
      const login = await post('/api/auth/verifyOTP', { email: user.email, otp: fresh });
      expect(login.statusCode).toBe(200);
    });

    it('answers the same for an address without an account and sends no code', async () => {
      const email = `nobody-${Date.now()}@example.com`;
      const response = await post('/api/auth/sendOTP', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'We sent a code to your email', resendAfter: 30 });
      const mail = t.mailer.last(email)!;
      expect(mail.text).toContain('no Chorus account uses it');
      expect(mail.text).not.toMatch(/\b\d{6}\b/);
      const again = await post('/api/auth/sendOTP', { email });
      expect(again.json()).toEqual({ message: ALREADY_SENT, resendAfter: expect.any(Number) });
      const guess = await post('/api/auth/verifyOTP', { email, otp: '123456' });
      expect(guess.statusCode).toBe(400);
    });

    it('validates the address and the code', async () => {
      expect((await post('/api/auth/sendOTP', {})).json()).toEqual({
        message: 'Email is required',
        field: 'email',
      });
      expect((await post('/api/auth/sendOTP', { email: 'nope' })).json().message).toBe(
        'Please enter a valid email',
      );
      const short = await post('/api/auth/verifyOTP', { email: 'a@b.co', otp: '12a45' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Please enter the 6-digit code');
    });

    it('limits sending per e-mail (5 an hour) and per IP (20 in 15 minutes)', async () => {
      const user = await createUser(t.deps);
      for (let i = 0; i < 5; i++) {
        await ageCodes(user.email, 31_000);
        expect((await post('/api/auth/sendOTP', { email: user.email })).statusCode).toBe(200);
      }
      await ageCodes(user.email, 31_000);
      const sixth = await post('/api/auth/sendOTP', { email: user.email });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds?\.$/,
      );

      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const response = await post(
          '/api/auth/sendOTP',
          { email: `ip-${i}-${Date.now()}@x.io` },
          { ip },
        );
        expect(response.statusCode).toBe(200);
      }
      const over = await post('/api/auth/sendOTP', { email: `ip-over-${Date.now()}@x.io` }, { ip });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/Please try again in \d+ seconds?\./);
    });

    it('limits wrong codes per e-mail and client address (10 in 15 minutes)', async () => {
      const user = await createUser(t.deps);
      for (let round = 0; round < 2; round++) {
        await ageCodes(user.email, 31_000);
        const code = await loginCode(user.email);
        const wrong = code === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i++) {
          const response = await post('/api/auth/verifyOTP', { email: user.email, otp: wrong });
          expect(response.statusCode).toBe(400);
        }
      }
      await ageCodes(user.email, 31_000);
      const code = await loginCode(user.email);
      const over = await post('/api/auth/verifyOTP', { email: user.email, otp: code });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds?\.$/,
      );
    });

    it('tells a blocked account it is suspended, only once the code is right', async () => {
      const user = await createUser(t.deps, { blocked: true });
      const code = await loginCode(user.email);
      const wrong = await post('/api/auth/verifyOTP', {
        email: user.email,
        otp: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.json().message).not.toBe(SUSPENDED);
      const right = await post('/api/auth/verifyOTP', { email: user.email, otp: code });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ message: SUSPENDED });
      expect(setCookies(right).chorus_session).toBeUndefined();
    });
  });

  describe('login by password', () => {
    it('logs in with the original client’s answer shape and a 30-day cookie by default', async () => {
      const user = await createUser(t.deps);
      const response = await post('/api/auth/loginWithPass', {
        email: user.email.toUpperCase(),
        password: user.password,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer).toMatchObject({
        message: 'Login successfully',
        isAdmin: false,
        user: { _id: user.id, email: user.email },
        admin: { username: user.name, email: user.email },
      });
      expect(JSON.stringify(answer)).not.toMatch(/argon2|listen-to-music/);
      expect(setCookies(response).chorus_session!.maxAge).toBeGreaterThan(THIRTY_DAYS - 60);
    });

    it('remember me unchecked gives browser-session cookies; checked gives 30 days', async () => {
      const user = await createUser(t.deps);
      const short = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: user.password,
        remember: false,
      });
      const shortCookies = setCookies(short);
      expect(shortCookies.chorus_session!.maxAge).toBeUndefined();
      expect(shortCookies.chorus_session!.expires).toBeUndefined();
      expect(shortCookies['XSRF-TOKEN']!.maxAge).toBeUndefined();
      const long = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: user.password,
        remember: true,
      });
      const longCookies = setCookies(long);
      expect(longCookies.chorus_session!.maxAge).toBeGreaterThan(THIRTY_DAYS - 60);
      expect(longCookies.chorus_session!.maxAge).toBeLessThanOrEqual(THIRTY_DAYS);
      expect(longCookies['XSRF-TOKEN']!.maxAge).toBe(longCookies.chorus_session!.maxAge);
      const rows = await t.deps.db
        .selectFrom('sessions')
        .select(['persistent', 'expires_at'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      const [, browser, remembered] = rows; // the factory's own session comes first
      expect(browser!.persistent).toBe(0);
      expect(Date.parse(browser!.expires_at) - Date.now()).toBeLessThanOrEqual(86_400_000);
      expect(remembered!.persistent).toBe(1);
      expect(Date.parse(remembered!.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    });

    it('needs both fields', async () => {
      for (const body of [
        {},
        { email: 'a@b.co' },
        { password: 'x' },
        { email: '', password: '' },
      ]) {
        const response = await post('/api/auth/loginWithPass', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please enter both email and password');
      }
    });

    it('says the same for a wrong password and an unknown address', async () => {
      const user = await createUser(t.deps);
      const wrong = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: 'not-the-password-1',
      });
      const unknown = await post('/api/auth/loginWithPass', {
        email: `ghost-${Date.now()}@example.com`,
        password: 'whatever-123',
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid email or password' });
      }
    });

    it('tells a blocked account it is suspended, only with the right password', async () => {
      const user = await createUser(t.deps, { blocked: true });
      const wrong = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: 'nope-nope-1',
      });
      expect(wrong.statusCode).toBe(401);
      const right = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: user.password,
      });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ message: SUSPENDED });
    });

    it('tells an administrator using the user form that they are one', async () => {
      const admin = await createUser(t.deps, { role: 'admin' });
      const response = await post('/api/auth/loginWithPass', {
        email: admin.email,
        password: admin.password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().isAdmin).toBe(true);
    });

    it('limits tries per e-mail (10 in 15 minutes) with the wait', async () => {
      const user = await createUser(t.deps);
      for (let i = 0; i < 10; i++) {
        const response = await post('/api/auth/loginWithPass', {
          email: user.email,
          password: 'wrong-password-1',
        });
        expect(response.statusCode).toBe(401);
      }
      const over = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: user.password,
      });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(
        /^Too many attempts\. Please try again in \d+ seconds?\.$/,
      );
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('limits tries per IP (30 in 15 minutes)', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++) {
        await post('/api/auth/loginWithPass', { email: `x${i}@y.io`, password: '' }, { ip });
      }
      const over = await post(
        '/api/auth/loginWithPass',
        { email: 'x@y.io', password: 'z' },
        { ip },
      );
      expect(over.statusCode).toBe(429);
    });
  });

  describe('admin login', () => {
    it('logs an administrator in with the admin answer', async () => {
      const admin = await createUser(t.deps, { role: 'admin', name: 'Root' });
      const response = await post('/api/admin/adminLogin', {
        email: admin.email,
        password: admin.password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Login successfully',
        isAdmin: true,
        admin: { username: 'Root', email: admin.email },
      });
      const token = response.json().token;
      expect((await me({ authorization: `Bearer ${token}` })).json().isAdmin).toBe(true);
    });

    it('refuses listeners, wrong passwords and empty fields', async () => {
      const listener = await createUser(t.deps);
      const notAdmin = await post('/api/admin/adminLogin', {
        email: listener.email,
        password: listener.password,
      });
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.json()).toEqual({ message: 'not allowed' });
      expect(setCookies(notAdmin).chorus_session).toBeUndefined();
      const admin = await createUser(t.deps, { role: 'admin' });
      const wrong = await post('/api/admin/adminLogin', {
        email: admin.email,
        password: 'nope-1234567',
      });
      expect(wrong.statusCode).toBe(401);
      const empty = await post('/api/admin/adminLogin', { email: admin.email });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Email and password are required');
    });
  });

  describe('sessions', () => {
    async function cookieLogin() {
      const user = await createUser(t.deps);
      const response = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: user.password,
      });
      const cookies = setCookies(response);
      return {
        user,
        token: response.json().token as string,
        cookies: {
          chorus_session: cookies.chorus_session!.value,
          'XSRF-TOKEN': cookies['XSRF-TOKEN']!.value,
        },
      };
    }

    it('restores the session from the cookie alone (a reload)', async () => {
      const { user, cookies } = await cookieLogin();
      const response = await me({}, { chorus_session: cookies.chorus_session });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { _id: user.id, email: user.email },
        isAdmin: false,
        admin: { username: user.name },
      });
      expect(JSON.stringify(response.json())).not.toMatch(/argon2/);
      // The XSRF cookie was missing from that request, so it is issued again.
      // A fresh 256-bit token, base64url.
      expect(setCookies(response)['XSRF-TOKEN']?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await me()).statusCode).toBe(401);
    });

    it('needs the CSRF header on cookie-authenticated unsafe requests, not on bearer ones', async () => {
      const { cookies, token } = await cookieLogin();
      const noHeader = await post('/api/auth/logout', {}, { cookies });
      expect(noHeader.statusCode).toBe(403);
      expect(noHeader.json().message).toBe(
        'Missing or invalid CSRF token. Reload the page and try again.',
      );
      const wrongHeader = await post(
        '/api/auth/logout',
        {},
        {
          cookies,
          headers: { 'x-xsrf-token': 'forged' },
        },
      );
      expect(wrongHeader.statusCode).toBe(403);
      // The session survived both attempts.
      expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);

      const good = await post(
        '/api/auth/logout',
        {},
        {
          cookies,
          headers: { 'x-xsrf-token': cookies['XSRF-TOKEN'] },
        },
      );
      expect(good.statusCode).toBe(200);
      const cleared = setCookies(good);
      expect(cleared.chorus_session!.value).toBe('');
      expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
      expect((await me({}, { chorus_session: cookies.chorus_session })).statusCode).toBe(401);
    });

    it('refuses a planted XSRF cookie with a matching header: the token is bound to the session', async () => {
      const { cookies, token } = await cookieLogin();
      const planted = 'planted-by-someone-else-0123456789abcdef';
      const forged = await post(
        '/api/auth/logout',
        {},
        {
          cookies: { chorus_session: cookies.chorus_session, 'XSRF-TOKEN': planted },
          headers: { 'x-xsrf-token': planted },
        },
      );
      expect(forged.statusCode).toBe(403);
      // Another session's token does not fit this one either.
      const other = await cookieLogin();
      const crossed = await post(
        '/api/auth/logout',
        {},
        {
          cookies: {
            chorus_session: cookies.chorus_session,
            'XSRF-TOKEN': other.cookies['XSRF-TOKEN'],
          },
          headers: { 'x-xsrf-token': other.cookies['XSRF-TOKEN'] },
        },
      );
      expect(crossed.statusCode).toBe(403);
      expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
      // The app's start-up call replaces the planted cookie with the session's own token.
      const restored = await me(
        {},
        { chorus_session: cookies.chorus_session, 'XSRF-TOKEN': planted },
      );
      expect(setCookies(restored)['XSRF-TOKEN']?.value).toBe(cookies['XSRF-TOKEN']);
    });

    it('names the cookies with __Host- under https and reads only those', async () => {
      const secure = await createTestApp({ PUBLIC_URL: 'https://music.example.com' });
      try {
        const user = await createUser(secure.deps);
        const login = await secure.app.inject({
          method: 'POST',
          url: '/api/auth/loginWithPass',
          payload: { email: user.email, password: user.password },
          remoteAddress: freshIp(),
        });
        const set = setCookies(login);
        // `XSRF-TOKEN` is an unprefixed copy for axios, which reads only that name.
        expect(Object.keys(set).sort()).toEqual([
          'XSRF-TOKEN',
          '__Host-XSRF-TOKEN',
          '__Host-chorus_session',
        ]);
        expect(set['XSRF-TOKEN']?.value).toBe(set['__Host-XSRF-TOKEN']?.value);
        for (const cookie of Object.values(set)) {
          expect(cookie).toMatchObject({ secure: true, path: '/' });
          expect(cookie).not.toHaveProperty('domain');
        }
        const session = set['__Host-chorus_session']!.value;
        const xsrf = set['__Host-XSRF-TOKEN']!.value;
        const meWith = (cookies: Record<string, string>) =>
          secure.app.inject({ method: 'GET', url: '/api/auth/me', cookies });
        expect((await meWith({ '__Host-chorus_session': session })).statusCode).toBe(200);
        // An unprefixed cookie could have been set by a neighbouring host: it is not read.
        expect((await meWith({ chorus_session: session })).statusCode).toBe(401);
        const out = await secure.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          cookies: { '__Host-chorus_session': session, '__Host-XSRF-TOKEN': xsrf },
          headers: { 'x-xsrf-token': xsrf },
        });
        expect(out.statusCode).toBe(200);
        expect((await meWith({ '__Host-chorus_session': session })).statusCode).toBe(401);
      } finally {
        await secure.close();
      }
    });

    it('logs a bearer session out without a CSRF header, and only that session', async () => {
      const user = await createUser(t.deps);
      const first = (
        await post('/api/auth/loginWithPass', { email: user.email, password: user.password })
      ).json().token;
      const second = (
        await post('/api/auth/loginWithPass', { email: user.email, password: user.password })
      ).json().token;
      const out = await post(
        '/api/auth/logout',
        {},
        { headers: { authorization: `Bearer ${first}` } },
      );
      expect(out.statusCode).toBe(200);
      expect((await me({ authorization: `Bearer ${first}` })).statusCode).toBe(401);
      expect((await me({ authorization: `Bearer ${second}` })).statusCode).toBe(200);
    });

    it('revokes every session of a user at once (blocking)', async () => {
      const user = await createUser(t.deps);
      const tokens = [user.token];
      for (let i = 0; i < 2; i++) {
        tokens.push(
          (
            await post('/api/auth/loginWithPass', { email: user.email, password: user.password })
          ).json().token,
        );
      }
      const other = await createUser(t.deps);
      await t.deps.db
        .updateTable('users')
        .set({ is_blocked: 1 })
        .where('id', '=', user.id)
        .execute();
      expect(await t.deps.sessions.revokeAllForUser(user.id)).toBe(3);
      for (const token of tokens) {
        expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
      }
      expect((await me({ authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
      const again = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: user.password,
      });
      expect(again.json()).toEqual({ message: SUSPENDED });
    });

    it('refuses a blocked account’s live session at once, even before revocation', async () => {
      const user = await createUser(t.deps);
      await t.deps.db
        .updateTable('users')
        .set({ is_blocked: 1 })
        .where('id', '=', user.id)
        .execute();
      const response = await me({ authorization: `Bearer ${user.token}` });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SUSPENDED);
    });

    it('refuses an expired session', async () => {
      const user = await createUser(t.deps);
      await t.deps.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      const response = await me({ authorization: `Bearer ${user.token}` });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Your session has expired. Please log in again.');
    });

    it('stores session tokens only hashed', async () => {
      const { token, user } = await cookieLogin();
      const rows = await t.deps.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe('forgot password', () => {
    it('resets the password with a mailed code, logs in, and ends the old sessions', async () => {
      const user = await createUser(t.deps);
      const send = await post('/api/auth/forgotPassword', { email: user.email });
      expect(send.statusCode).toBe(200);
      const mail = t.mailer.last(user.email)!;
      expect(mail.subject).toContain('password reset');
      const code = codeIn(mail.subject);
      // A login code cannot be used here, nor a reset code for login.
      expect((await post('/api/auth/verifyOTP', { email: user.email, otp: code })).statusCode).toBe(
        400,
      );

      const weak = await post('/api/auth/resetPassword', {
        email: user.email,
        otp: code,
        password: 'short',
        cpassword: 'short',
      });
      expect(weak.json()).toEqual({
        message: 'Password does not meet requirements',
        field: 'password',
      });
      const mismatch = await post('/api/auth/resetPassword', {
        email: user.email,
        otp: code,
        password: 'a-new-password-1',
        cpassword: 'a-new-password-2',
      });
      expect(mismatch.json().message).toBe('Passwords do not match');

      const reset = await post('/api/auth/resetPassword', {
        email: user.email,
        otp: code,
        password: 'a-new-password-1',
        cpassword: 'a-new-password-1',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toMatchObject({ isAdmin: false, user: { email: user.email } });
      expect((await me({ authorization: `Bearer ${reset.json().token}` })).statusCode).toBe(200);
      expect((await me({ authorization: `Bearer ${user.token}` })).statusCode).toBe(401);
      const old = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: user.password,
      });
      expect(old.statusCode).toBe(401);
      const fresh = await post('/api/auth/loginWithPass', {
        email: user.email,
        password: 'a-new-password-1',
      });
      expect(fresh.statusCode).toBe(200);
    });
  });
});
