import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../tests/fixtures/media.ts';
import { createTestApp, type TestContext } from '../../tests/helpers/api-app.ts';
import { createUser, type TestUser } from '../../tests/helpers/factories.ts';
import { filesUnder, multipart } from '../../tests/helpers/multipart.ts';

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
