import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { IP_LIMITS } from '../modules/auth/auth.routes.ts';

const PROXY = '10.1.2.3';

/** Statuses of password tries sent from `peer`, each with the X-Forwarded-For `forwarded(i)`. */
async function tries(
  t: TestContext,
  count: number,
  peer: string,
  forwarded: (i: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/loginWithPass',
      payload: { email: `x${i}@example.com`, password: '' },
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwarded(i) },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const max = IP_LIMITS.password.max;

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  describe('unset', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('believes no X-Forwarded-For: every client behind a proxy shares its address', async () => {
      const statuses = await tries(t, max + 1, PROXY, (i) => `198.51.100.${i}`);
      expect(statuses.slice(0, max).every((status) => status === 400)).toBe(true);
      expect(statuses[max]).toBe(429);
    });
  });

  describe("set to the proxy's address", () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: `${PROXY}/32` });
    });
    afterAll(() => t.close());

    it('tells clients behind the proxy apart', async () => {
      const statuses = await tries(t, max + 5, PROXY, (i) => `198.51.100.${i}`);
      expect(statuses.every((status) => status === 400)).toBe(true);
    });

    it('does not believe X-Forwarded-For from a peer that is not the proxy', async () => {
      const statuses = await tries(t, max + 1, '203.0.113.9', (i) => `192.0.2.${i}`);
      expect(statuses[max]).toBe(429);
    });

    it('takes only the entry the proxy added, not what the client wrote before it', async () => {
      const statuses = await tries(t, max + 1, PROXY, (i) => `192.0.2.${i}, 203.0.113.20`);
      expect(statuses[max]).toBe(429);
    });
  });

  describe('set to a hop count', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '1' });
    });
    afterAll(() => t.close());

    it('takes the address the one proxy saw, not what the client wrote before it', async () => {
      const statuses = await tries(t, max + 1, PROXY, (i) => `192.0.2.${i}, 203.0.113.30`);
      expect(statuses[max]).toBe(429);
      const others = await tries(t, 3, PROXY, (i) => `203.0.113.${40 + i}`);
      expect(others).toEqual([400, 400, 400]);
    });
  });
});

describe('per-address limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('count an IPv6 client by its /64, which it holds whole', async () => {
    const statuses = await tries(t, max + 1, '::1', () => '');
    expect(statuses[max]).toBe(429);
    const sameNetwork: number[] = [];
    for (let i = 0; i <= max; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/loginWithPass',
        payload: { email: 'v6@example.com', password: '' },
        remoteAddress: `2001:db8:5:7:${i.toString(16)}::1`,
      });
      sameNetwork.push(response.statusCode);
    }
    expect(sameNetwork[max]).toBe(429);
  });
});
