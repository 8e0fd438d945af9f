import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createUser } from '../../../tests/helpers/factories.ts';

describe('following artists', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'PUT' | 'DELETE' | 'GET', url: string, token?: string) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('follows and unfollows, idempotently, and followers are real follows', async () => {
    const artist = await createArtist(t.deps);
    const [a, b] = [await createUser(t.deps), await createUser(t.deps)];
    expect((await call('PUT', `/api/artists/${artist.id}/follow`, a.token)).json()).toEqual({
      artistId: artist.id,
      following: true,
      followers: 1,
    });
    await call('PUT', `/api/artists/${artist.id}/follow`, a.token);
    expect((await call('PUT', `/api/artists/${artist.id}/follow`, b.token)).json().followers).toBe(
      2,
    );
    expect((await call('GET', `/api/artists/${artist.id}`)).json().followers).toBe(2);
    const following = (await call('GET', '/api/me/following', a.token)).json();
    expect(following.items.map((x: { _id: number }) => x._id)).toEqual([artist.id]);
    expect((await call('DELETE', `/api/artists/${artist.id}/follow`, a.token)).json()).toEqual({
      artistId: artist.id,
      following: false,
      followers: 1,
    });
    expect((await call('DELETE', `/api/artists/${artist.id}/follow`, a.token)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/artists/${artist.id}`, a.token)).json().following).toBe(false);
  });

  it('asks visitors to log in and refuses disabled or unknown artists', async () => {
    const artist = await createArtist(t.deps);
    const off = await createArtist(t.deps, { disabled: true });
    const user = await createUser(t.deps);
    expect((await call('PUT', `/api/artists/${artist.id}/follow`)).statusCode).toBe(401);
    expect((await call('PUT', `/api/artists/${off.id}/follow`, user.token)).statusCode).toBe(404);
    expect((await call('PUT', '/api/artists/999999/follow', user.token)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/artists/999999/follow', user.token)).statusCode).toBe(404);
  });

  it('lets a listener unfollow an artist that has since been disabled', async () => {
    const artist = await createArtist(t.deps);
    const user = await createUser(t.deps);
    expect((await call('PUT', `/api/artists/${artist.id}/follow`, user.token)).statusCode).toBe(
      200,
    );
    await t.deps.db
      .updateTable('artists')
      .set({ is_disabled: 1 })
      .where('id', '=', artist.id)
      .execute();
    const gone = await call('DELETE', `/api/artists/${artist.id}/follow`, user.token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ following: false, followers: 0 });
    const rows = await t.deps.db
      .selectFrom('follows')
      .select('artist_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
