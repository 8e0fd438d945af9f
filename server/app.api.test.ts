import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../tests/helpers/api-app.ts';
import { createUser } from '../tests/helpers/factories.ts';
import type { App } from './deps.ts';

/** Two probe routes that go through the real plugins: one echoes a schema'd body, one crashes. */
function probes(app: App) {
  app.post(
    '/api/plumbing-echo',
    {
      config: { policy: 'public' },
      schema: {
        body: Type.Object({
          text: Type.String(),
          mood: Type.Optional(Type.Union([Type.Literal('calm'), Type.Literal('loud')])),
          level: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
        }),
      },
    },
    async (request) => request.body,
  );
  app.get('/api/plumbing-crash', { config: { policy: 'public' } }, async () => {
    throw new Error('database exploded: secret detail');
  });
}

describe('cross-cutting plumbing', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, [probes]);
  });
  afterAll(() => t.close());

  it('answers health checks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sets security headers on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers unknown API routes with JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/songs'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().message).toBeTypeOf('string');
    }
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/plumbing-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/plumbing-echo',
      headers: { 'content-type': 'application/x-weird' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/Unsupported content type/);
  });

  it('answers an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/plumbing-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
  });

  it('answers a body that breaks the schema with 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/plumbing-echo',
      payload: { text: 42 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('text');
  });

  it('lists the values a choice accepts when it gets another', async () => {
    for (const [payload, message] of [
      [{ text: 'x', mood: 'Calm' }, "mood must be 'calm' or 'loud'"],
      [{ text: 'x', level: 4 }, 'level must be 1, 2 or 3'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/plumbing-echo', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field: Object.keys(payload)[1] });
    }
  });

  it('says in plain words what a field must be', async () => {
    const cases: [method: 'GET' | 'POST', url: string, payload: unknown, message: string][] = [
      ['POST', '/api/plumbing-echo', { text: 42 }, 'text must be text'],
      ['POST', '/api/plumbing-echo', 'just words', 'The request body must be an object'],
      [
        'POST',
        '/api/user/addPlaylist',
        { name: 'x'.repeat(101) },
        'name must be at most 100 characters',
      ],
      ['GET', '/api/songs?limit=many', undefined, 'limit must be a whole number'],
      ['GET', '/api/songs?limit=0', undefined, 'limit must be at least 1'],
    ];
    const listener = await createUser(t.deps);
    for (const [method, url, payload, message] of cases) {
      const response = await t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${listener.token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(message);
    }
  });

  it('says so when a query parameter is given twice', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search?q=a&q=b' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'q is given more than once in the address; give it once',
      field: 'q',
    });
  });

  it('answers an address the router cannot read in the usual JSON shape', async () => {
    const broken = await t.app.inject({ method: 'GET', url: '/api/songs/%ff' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      message: 'The address is not valid: it holds a broken %-escape',
    });
    const long = await t.app.inject({ method: 'DELETE', url: `/api/playlists/${'9'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'A part of the address is too long' });
  });

  it('answers invalid ids and pagination with 400, never 500', async () => {
    for (const url of [
      '/api/songs/0',
      '/api/songs/-1',
      '/api/songs/1.5',
      `/api/songs/${'9'.repeat(30)}`,
      '/api/songs?page=0',
      '/api/songs?limit=1000',
      '/api/artists?limit=abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBeTypeOf('string');
    }
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/songs/{id}/stream'].get['x-policy']).toBe('public');
    expect(doc.paths['/api/health']).toBeDefined();
  });

  it('hides 500 details from the caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plumbing-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
