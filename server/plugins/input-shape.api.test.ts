import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../tests/fixtures/media.ts';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { createUser, type TestUser } from '../../tests/helpers/factories.ts';
import { filesUnder, multipart } from '../../tests/helpers/multipart.ts';
import { INPUT_LIMITS } from '../lib/input-shape.ts';

describe('text holding a NUL character', () => {
  let t: TestContext;
  let listener: TestUser;
  let admin: TestUser;
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
  const count = async (table: 'playlists' | 'artists') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    listener = await createUser(t.deps);
    admin = await createUser(t.deps, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('is refused in a query, where it made a list match everything', async () => {
    for (const url of ['/api/search?q=a%00b', '/api/admin/getAllSongs?q=%00']) {
      const response = await t.app.inject({ url, headers: auth(admin) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'q must not contain the NUL character (\\u0000)',
        field: 'q',
      });
    }
  });

  it('is refused in a JSON body, naming the field, and nothing is stored', async () => {
    const before = await count('playlists');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/addPlaylist',
      headers: auth(listener),
      payload: { name: 'Road\u0000trip', description: 'fine' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('name');
    expect(await count('playlists')).toBe(before);
  });

  it('is refused in a multipart field, and the uploaded image is not kept', async () => {
    const before = await count('artists');
    const form = multipart({
      name: 'Null\u0000Band',
      description: 'A band',
      imageFile: {
        filename: 'p.png',
        contentType: 'image/png',
        data: await makePng(16, '#123456'),
      },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addArtist',
      payload: form.payload,
      headers: { ...form.headers, ...auth(admin) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'name must not contain the NUL character (\\u0000)',
      field: 'name',
    });
    expect(await count('artists')).toBe(before);
    expect(filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
  });
});

describe('deep or wide JSON', () => {
  let t: TestContext;
  let listener: TestUser;
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp();
    listener = await createUser(t.deps);
  });
  afterAll(() => t.close());

  it('is refused with a 400 that says why, on signed-in and anonymous routes alike', async () => {
    const deep = (levels: number) => `{"name":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const auth = { authorization: `Bearer ${listener.token}` };
    for (const [url, body, headers] of [
      ['/api/user/addPlaylist', deep(9000), auth],
      ['/api/auth/logout', deep(7000), {}],
      ['/api/auth/loginWithPass', deep(INPUT_LIMITS.depth + 1), {}],
    ] as const) {
      const response = await post(url, body, headers);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(
        `The request body is nested too deeply: at most ${INPUT_LIMITS.depth} levels of objects and lists`,
      );
    }
  });

  it('with too many entries in one object or list is refused before validation', async () => {
    const keys = Array.from({ length: INPUT_LIMITS.entries + 1 }, (_, i) => `"k${i}":1`);
    const wideObject = await post('/api/auth/loginWithPass', `{${keys.join(',')}}`);
    expect(wideObject.statusCode).toBe(400);
    expect(wideObject.json().message).toBe(
      `The request body has too many entries: at most ${INPUT_LIMITS.entries} in one object or list`,
    );
    const list = `[${new Array(INPUT_LIMITS.entries + 1).fill(0).join(',')}]`;
    const wideList = await post('/api/user/addPlaylist', `{"name":"Mix","tags":${list}}`, {
      authorization: `Bearer ${listener.token}`,
    });
    expect(wideList.statusCode).toBe(400);
    expect(wideList.json()).toEqual({
      message: `tags in the request body has too many entries: at most ${INPUT_LIMITS.entries} in one object or list`,
      field: 'tags',
    });
  });
});
