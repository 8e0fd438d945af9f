import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX } from '../../../contract/rules/search.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong, createUser } from '../../../tests/helpers/factories.ts';

describe('recent searches and genres', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    body?: { q: string },
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });
  const queries = (response: { json(): { items: { q: string }[] } }) =>
    response.json().items.map((item) => item.q);

  it('keeps the newest searches, once each however they were spelled', async () => {
    const user = await createUser(t.deps);
    expect(
      queries(await call('POST', '/api/me/recent-searches', user.token, { q: 'Zoë' })),
    ).toEqual(['Zoë']);
    await call('POST', '/api/me/recent-searches', user.token, { q: 'kingston rust' });
    // The same words again move up, spelled as typed this time.
    const again = await call('POST', '/api/me/recent-searches', user.token, { q: '  zoe  ' });
    expect(again.statusCode).toBe(200);
    expect(queries(again)).toEqual(['zoe', 'kingston rust']);
    expect(again.json().items[0]).toMatchObject({
      _id: expect.any(Number),
      searchedAt: expect.any(String),
    });
  });

  it(`keeps at most ${RECENT_SEARCHES_MAX} per listener, dropping the oldest`, async () => {
    const user = await createUser(t.deps);
    for (let i = 1; i <= RECENT_SEARCHES_MAX + 3; i++) {
      await call('POST', '/api/me/recent-searches', user.token, { q: `query ${i}` });
    }
    const list = queries(await call('GET', '/api/me/recent-searches', user.token));
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]).toBe(`query ${RECENT_SEARCHES_MAX + 3}`);
    expect(list.at(-1)).toBe('query 4');
  });

  it("shows a listener only their own, removes one or all, and refuses another's", async () => {
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    await call('POST', '/api/me/recent-searches', a.token, { q: 'lowlands orbit' });
    await call('POST', '/api/me/recent-searches', a.token, { q: 'velvet' });
    await call('POST', '/api/me/recent-searches', b.token, { q: 'secret of b' });
    const mine = (await call('GET', '/api/me/recent-searches', a.token)).json().items;
    expect(mine.map((item: { q: string }) => item.q)).toEqual(['velvet', 'lowlands orbit']);
    expect(queries(await call('GET', '/api/me/recent-searches', b.token))).toEqual(['secret of b']);

    // B cannot remove A's search: it is not among B's.
    const foreign = await call('DELETE', `/api/me/recent-searches/${mine[0]._id}`, b.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('That search is not among your recent searches');
    expect(
      queries(await call('DELETE', `/api/me/recent-searches/${mine[0]._id}`, a.token)),
    ).toEqual(['lowlands orbit']);
    expect(queries(await call('DELETE', '/api/me/recent-searches', a.token))).toEqual([]);
    expect(queries(await call('GET', '/api/me/recent-searches', a.token))).toEqual([]);
    expect(queries(await call('GET', '/api/me/recent-searches', b.token))).toEqual(['secret of b']);
  });

  it('asks visitors to log in, and refuses a search with no words', async () => {
    expect((await call('GET', '/api/me/recent-searches')).statusCode).toBe(401);
    expect((await call('POST', '/api/me/recent-searches', undefined, { q: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call('DELETE', '/api/me/recent-searches')).statusCode).toBe(401);
    const user = await createUser(t.deps);
    const empty = await call('POST', '/api/me/recent-searches', user.token, { q: ' ?! ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('A search to remember needs at least one letter or digit');
    const long = await call('POST', '/api/me/recent-searches', user.token, { q: 'a'.repeat(201) });
    expect(long.statusCode).toBe(400);
  });

  it("lists genres with their playable songs, and a genre's songs newest first", async () => {
    const artist = await createArtist(t.deps, { name: 'Genre Walker' });
    const off = await createArtist(t.deps, { name: 'Genre Hidden', disabled: true });
    await createSong(t.deps, { title: 'Blue One', artistIds: [artist.id], genre: 'Blues' });
    await createSong(t.deps, { title: 'Blue Two', artistIds: [artist.id], genre: 'Blues' });
    await createSong(t.deps, {
      title: 'Blue Gone',
      artistIds: [artist.id],
      genre: 'Blues',
      deleted: true,
    });
    await createSong(t.deps, { title: 'Blue Hidden', artistIds: [off.id], genre: 'Blues' });
    await createSong(t.deps, { title: 'Jazz One', artistIds: [artist.id], genre: 'Jazz' });
    const genres = (await call('GET', '/api/genres')).json().items;
    expect(genres).toContainEqual({ name: 'Blues', songCount: 2 });
    expect(genres).toContainEqual({ name: 'Jazz', songCount: 1 });
    const blues = await call('GET', `/api/genres/${encodeURIComponent('Blues')}/songs`);
    expect(blues.statusCode).toBe(200);
    expect(blues.json().genre).toBe('Blues');
    expect(blues.json().songs.map((song: { title: string }) => song.title)).toEqual([
      'Blue Two',
      'Blue One',
    ]);
    // A new song shows at once: the counts follow the catalog's version.
    await createSong(t.deps, { title: 'Blue Three', artistIds: [artist.id], genre: 'Blues' });
    expect((await call('GET', '/api/genres')).json().items).toContainEqual({
      name: 'Blues',
      songCount: 3,
    });
    const none = await call('GET', `/api/genres/${encodeURIComponent('R&B')}/songs`);
    expect(none.json()).toEqual({ genre: 'R&B', songs: [] });
  });
});
