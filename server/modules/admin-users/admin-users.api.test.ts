import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAGED_LIST_CAP } from '../../../contract/admin.ts';
import {
  createTestApp,
  SEEDING_WITHOUT_TIMEOUT,
  type TestContext,
} from '../../../tests/helpers/api-app.ts';
import { createManyUsers, createUser, type TestUser } from '../../../tests/helpers/factories.ts';

describe('admin users', () => {
  let t: TestContext;
  let admin: TestUser;
  let listener: TestUser;
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.deps, { role: 'admin', name: 'Root Admin' });
    listener = await createUser(t.deps, { name: 'Ada Listener', email: 'ada@example.com' });
    await createUser(t.deps, { name: 'Bob Blocked', email: 'bob@example.com', blocked: true });
    await createUser(t.deps, { name: 'Pat Premium', email: 'pat@example.com', premium: true });
  });
  afterAll(() => t.close());

  it('lists listeners with stat cards, never secrets', async () => {
    const response = await t.app.inject({ url: '/api/admin/getAllUser', headers: auth(admin) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Listeners only: the administrator is neither listed nor counted.
    expect(body.users).toHaveLength(3);
    expect(body.users.some((user: { _id: number }) => user._id === admin.id)).toBe(false);
    expect(body.stats).toEqual({ total: 3, active: 2, blocked: 1, premium: 1 });
    const ada = body.users.find((user: { email: string }) => user.email === 'ada@example.com');
    expect(ada).toMatchObject({
      _id: listener.id,
      name: 'Ada Listener',
      isBlocked: false,
      isPremium: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|\$argon/i);
  });

  it('searches by name or e-mail and filters by status and plan, paginated on the server', async () => {
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/admin/getAllUser?${query}`, headers: auth(admin) })).json();
    expect((await list('q=ADA')).users.map((u: { name: string }) => u.name)).toEqual([
      'Ada Listener',
    ]);
    expect((await list('q=bob@')).users).toHaveLength(1);
    expect((await list('status=blocked')).users.map((u: { name: string }) => u.name)).toEqual([
      'Bob Blocked',
    ]);
    expect((await list('status=active')).total).toBe(2);
    expect((await list('plan=premium')).users.map((u: { name: string }) => u.name)).toEqual([
      'Pat Premium',
    ]);
    const page = await list('limit=2&page=2');
    expect(page.users).toHaveLength(1);
    expect(page.total).toBe(3);
    expect(page.hasMore).toBe(false);
    expect((await list('q=nobody-like-this')).users).toEqual([]);
    const bad = await t.app.inject({
      url: '/api/admin/getAllUser?status=odd',
      headers: auth(admin),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('blocking ends the user\u2019s sessions at once; unblocking lets them log in again', async () => {
    const victim = await createUser(t.deps);
    const second = await t.deps.sessions.create(victim.id, { persistent: false });
    const before = await t.app.inject({ url: '/api/admin/getAllUser', headers: auth(victim) });
    expect(before.statusCode).toBe(403); // a listener, but signed in

    const block = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleBlockUser/${victim.id}`,
      payload: { isBlocked: true },
      headers: auth(admin),
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().data).toMatchObject({ _id: victim.id, isBlocked: true });
    const sessions = await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', victim.id)
      .execute();
    expect(sessions).toEqual([]);
    for (const token of [victim.token, second.token]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/user/addPlaylist',
        payload: { name: 'x' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.statusCode).toBe(401);
    }

    const unblock = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleBlockUser/${victim.id}`,
      payload: { isBlocked: false },
      headers: auth(admin),
    });
    expect(unblock.json().data.isBlocked).toBe(false);
  });

  it('refuses to block the admin themself, unknown users, and bad bodies', async () => {
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleBlockUser/${admin.id}`,
      payload: { isBlocked: true },
      headers: auth(admin),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block your own account');
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/toggleBlockUser/999999',
      payload: { isBlocked: true },
      headers: auth(admin),
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleBlockUser/${listener.id}`,
      payload: { isBlocked: 'yes' },
      headers: auth(admin),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('switches the plan between Free and Premium', async () => {
    const premium = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${listener.id}/plan`,
      payload: { isPremium: true },
      headers: auth(admin),
    });
    expect(premium.statusCode).toBe(200);
    expect(premium.json().data.isPremium).toBe(true);
    const free = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${listener.id}/plan`,
      payload: { isPremium: false },
      headers: auth(admin),
    });
    expect(free.json().data.isPremium).toBe(false);
  });

  it('refuses every admin user call to listeners and visitors', async () => {
    for (const headers of [{}, auth(listener)]) {
      const list = await t.app.inject({ url: '/api/admin/getAllUser', headers });
      expect([401, 403]).toContain(list.statusCode);
      const block = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/toggleBlockUser/${listener.id}`,
        payload: { isBlocked: true },
        headers,
      });
      expect([401, 403]).toContain(block.statusCode);
    }
    const row = await t.deps.db
      .selectFrom('users')
      .select('is_blocked')
      .where('id', '=', listener.id)
      .executeTakeFirstOrThrow();
    expect(row.is_blocked).toBe(0);
  });

  it('finds a name or e-mail in any case of any alphabet, as typed or in small letters', async () => {
    await createUser(t.deps, { name: 'Élodie Ørsted', email: 'Élodie@Example.com' });
    const names = async (q: string) =>
      (
        await t.app.inject({
          url: `/api/admin/getAllUser?q=${encodeURIComponent(q)}`,
          headers: auth(admin),
        })
      )
        .json()
        .users.map((u: { name: string }) => u.name);
    // SQLite's own `lower` changes A to Z only: "élodie" never met "Élodie" there.
    for (const q of ['élodie', 'ÉLODIE', 'Élodie Ørsted', 'ørsted', 'élodie@example']) {
      expect(await names(q), q).toEqual(['Élodie Ørsted']);
    }
  });
});

describe('getAllUser past its cap', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(SEEDING_WITHOUT_TIMEOUT);
    await createManyUsers(t.deps, UNPAGED_LIST_CAP + 1);
  }, 60_000);
  afterAll(() => t.close());

  it('answers the cap without limit and the rest on the next page', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const list = async (query: string) =>
      (
        await t.app.inject({
          url: `/api/admin/getAllUser${query}`,
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json();
    const first = await list('');
    expect(first.users).toHaveLength(UNPAGED_LIST_CAP);
    expect(first).toMatchObject({ total: UNPAGED_LIST_CAP + 1, page: 1, hasMore: true });
    const second = await list('?page=2');
    expect(second.users).toHaveLength(1);
    expect(second.hasMore).toBe(false);
  });
});
