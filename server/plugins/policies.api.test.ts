import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { createUser, type TestUser } from '../../tests/helpers/factories.ts';
import { SUSPENDED_MESSAGE } from './policies.ts';

const LOGIN_REQUIRED = 'Please log in to continue';
const ADMIN_ONLY = 'Only administrators can do this';
const POLICY_MESSAGES = [LOGIN_REQUIRED, ADMIN_ONLY, SUSPENDED_MESSAGE];

/** Fills path parameters with plausible values; the policy answers before they are looked up. */
function concrete(url: string): string {
  return url
    .replace(/:hash/g, 'a'.repeat(64))
    .replace(/:file/g, '300.webp')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*/g, 'x');
}

describe('route policies', () => {
  let t: TestContext;
  let listener: TestUser;
  let blocked: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    listener = await createUser(t.deps);
    blocked = await createUser(t.deps, { blocked: true });
    admin = await createUser(t.deps, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('every route declares a policy', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    for (const route of t.app.routeTable) {
      expect(['public', 'listener', 'admin', 'subsonic'], `${route.method} ${route.url}`).toContain(
        route.policy,
      );
    }
  });

  it('refuses to register a route without a policy', async () => {
    await expect(
      createTestApp({}, [
        (app) => {
          app.get('/api/forgotten', async () => ({}));
        },
      ]),
    ).rejects.toThrow(/declares no policy/);
  });

  it('checks each route against anonymous, listener, blocked and admin callers', async () => {
    const call = async (method: string, url: string, user: TestUser | null) => {
      const response = await t.app.inject({
        method: method as 'GET',
        url: concrete(url),
        headers: user ? { authorization: `Bearer ${user.token}` } : {},
        ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? { payload: {} } : {}),
      });
      let message: string | undefined;
      try {
        message = response.json().message;
      } catch {
        message = undefined;
      }
      return { status: response.statusCode, message };
    };

    // Logging out really ends the callers' sessions, so it is walked last.
    const endsSession = (route: { url: string }) => Number(route.url === '/api/auth/logout');
    const routes = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .sort((a, b) => endsSession(a) - endsSession(b));
    for (const route of routes) {
      const label = `${route.method} ${route.url} (${route.policy})`;
      const [anonymous, asListener, asBlocked, asAdmin] = await Promise.all([
        call(route.method, route.url, null),
        call(route.method, route.url, listener),
        call(route.method, route.url, blocked),
        call(route.method, route.url, admin),
      ]);
      for (const result of [anonymous, asListener, asBlocked, asAdmin]) {
        // 503 is the deliberate "web app not built" answer of the page routes in API-only builds.
        expect([500, 502, 504], label).not.toContain(result.status);
      }
      // The Subsonic API answers refusals in its own format (server/modules/subsonic tests them).
      if (route.policy === 'subsonic') continue;
      if (route.policy === 'public') {
        expect(POLICY_MESSAGES, label).not.toContain(anonymous.message);
        continue;
      }
      expect(anonymous, label).toEqual({ status: 401, message: LOGIN_REQUIRED });
      expect(asBlocked, label).toEqual({ status: 403, message: SUSPENDED_MESSAGE });
      expect(POLICY_MESSAGES, label).not.toContain(asAdmin.message);
      if (route.policy === 'admin') {
        expect(asListener, label).toEqual({ status: 403, message: ADMIN_ONLY });
      } else {
        expect(POLICY_MESSAGES, label).not.toContain(asListener.message);
      }
    }
  });
});
