import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { freshIp } from '../../../tests/helpers/auth.ts';
import { createArtist, createSong, createUser } from '../../../tests/helpers/factories.ts';
import { PlaysRepository } from './plays.repository.ts';
import { addressHourKey, PLAYS_PER_ADDRESS } from './plays.service.ts';

describe('POST /api/songs/:id/plays', () => {
  let t: TestContext;
  let long: number;
  let short: number;
  let artistId: number;

  beforeAll(async () => {
    t = await createTestApp();
    artistId = (await createArtist(t.deps)).id;
    long = (await createSong(t.deps, { artistIds: [artistId], duration: 200 })).id;
    short = (await createSong(t.deps, { artistIds: [artistId], duration: 12 })).id;
  });
  afterAll(() => t.close());

  const report = (
    id: number,
    body: object,
    headers: Record<string, string> = {},
    ip = '127.0.0.1',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/songs/${id}/plays`,
      payload: body,
      headers,
      remoteAddress: ip,
    });
  const plays = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/songs/${id}` })).json().plays;

  it('counts a listener after 30 seconds, once per song within the cooldown', async () => {
    const user = await createUser(t.deps);
    const auth = { authorization: `Bearer ${user.token}` };
    expect((await report(long, { seconds: 29 }, auth)).json()).toMatchObject({ counted: false });
    expect((await report(long, { seconds: 31 }, auth)).json()).toEqual({ counted: true });
    const again = await report(long, { seconds: 45 }, auth);
    expect(again.json()).toMatchObject({ counted: false, reason: 'This play was already counted' });
    expect(await plays(long)).toBe(1);
    const rows = await t.deps.db
      .selectFrom('plays')
      .selectAll()
      .where('song_id', '=', long)
      .execute();
    expect(rows[0]).toMatchObject({ user_id: user.id, listener_key: `u:${user.id}` });
  });

  it('counts a song shorter than 30 s when it played to its end', async () => {
    const user = await createUser(t.deps);
    const auth = { authorization: `Bearer ${user.token}` };
    expect((await report(short, { seconds: 5 }, auth)).json().counted).toBe(false);
    expect((await report(short, { seconds: 11.5, completed: true }, auth)).json().counted).toBe(
      true,
    );
  });

  it('tells visitors apart by a cookie it sets, storing only its hash', async () => {
    const ip = freshIp();
    const first = await report(long, { seconds: 40 }, {}, ip);
    expect(first.json().counted).toBe(true);
    const cookie = first.cookies.find((c) => c.name === 'chorus_listener');
    expect(cookie?.httpOnly).toBe(true);
    // The same browser, now with its cookie: already counted.
    const again = await report(
      long,
      { seconds: 40 },
      { cookie: `chorus_listener=${cookie!.value}` },
      ip,
    );
    expect(again.json().counted).toBe(false);
    // Another browser elsewhere is another listener, and so is this one after a fresh start.
    const other = await report(long, { seconds: 40 }, {}, freshIp());
    expect(other.json().counted).toBe(true);
    const firstShort = await report(
      short,
      { seconds: 12 },
      { cookie: `chorus_listener=${cookie!.value}` },
      freshIp(),
    );
    expect(firstShort.json().counted).toBe(true);
    const keys = await t.deps.db
      .selectFrom('plays')
      .select('listener_key')
      .where('user_id', 'is', null)
      .execute();
    expect(keys.every((row) => /^[ai]:[a-f0-9]{32}$/.test(row.listener_key))).toBe(true);
    expect(keys.some((row) => row.listener_key.includes(cookie!.value))).toBe(false);
  });

  it("counts a client without the cookie once per song per address within the song's length", async () => {
    const song = (await createSong(t.deps, { artistIds: [artistId], duration: 200 })).id;
    const ip = freshIp();
    const counted: boolean[] = [];
    for (let i = 0; i < 40; i++)
      counted.push((await report(song, { seconds: 40 }, {}, ip)).json().counted);
    expect(counted.filter(Boolean)).toHaveLength(1);
    // A cookie the server did not issue is no cookie.
    const madeUp = await report(
      song,
      { seconds: 40 },
      { cookie: 'chorus_listener=AAAAAAAAAAAAAAAAAAAAAAAA' },
      ip,
    );
    expect(madeUp.json().counted).toBe(false);
    // Another address counts; this one again once the song's length has passed.
    expect((await report(song, { seconds: 40 }, {}, freshIp())).json().counted).toBe(true);
    await t.deps.db
      .updateTable('plays')
      .set({ played_at: new Date(Date.now() - 201_000).toISOString() })
      .where('song_id', '=', song)
      .execute();
    expect((await report(song, { seconds: 40 }, {}, ip)).json().counted).toBe(true);
    expect(await plays(song)).toBe(3);
  });

  it('caps the plays counted from one address in an hour', async () => {
    const ip = freshIp();
    const songs: number[] = [];
    for (let i = 0; i < 4; i++) {
      songs.push((await createSong(t.deps, { artistIds: [artistId], duration: 200 })).id);
    }
    // Listeners at this address already had the hour's plays counted but for the last two (and
    // the next hour's, should the clock turn to it during the test).
    const now = Date.now();
    const hours = new Set([now, now + 60_000].map((at) => addressHourKey(ip, new Date(at), at)));
    for (const hour of hours) {
      for (let i = 0; i < PLAYS_PER_ADDRESS.max - 2; i++) {
        await t.deps.limiter.count(hour, PLAYS_PER_ADDRESS);
      }
    }
    const user = await createUser(t.deps);
    const auth = { authorization: `Bearer ${user.token}` };
    const results = [];
    for (const song of songs) results.push((await report(song, { seconds: 40 }, auth, ip)).json());
    expect(results.map((result) => result.counted)).toEqual([true, true, false, false]);
    expect(results[2]).toEqual({
      counted: false,
      reason: 'Too many plays from this address this hour',
    });
  });

  it('answers 404 for a deleted song and 400 for a bad body', async () => {
    const gone = await createSong(t.deps, { artistIds: [artistId], deleted: true });
    expect((await report(gone.id, { seconds: 60 })).statusCode).toBe(404);
    const bad = await report(long, { seconds: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/seconds/);
    expect((await report(long, {})).statusCode).toBe(400);
  });

  it("finds a listener's play of a song near a time by one key, not by walking the song's plays", async () => {
    // A popular song: many listeners' plays, which the old read walked on every report.
    const popular = (await createSong(t.deps, { artistIds: [artistId], duration: 200 })).id;
    const at = new Date(Date.now() - 86_400_000).toISOString();
    await t.deps.db
      .insertInto('plays')
      .values(
        Array.from({ length: 2000 }, (_, i) => ({
          song_id: popular,
          user_id: null,
          listener_key: `a:${i}`,
          played_at: at,
        })),
      )
      .execute();
    const plays = new PlaysRepository(t.deps.db);
    const before = new Date(Date.parse(at) - 1).toISOString();
    const after = new Date(Date.parse(at) + 1).toISOString();
    const query = plays.playBetweenQuery('a:7', popular, before, after).compile();
    expect(await plays.playedBetween('a:7', popular, before, after)).toBe(true);
    expect(await plays.playedBetween('a:7', popular, after, new Date().toISOString())).toBe(false);
    let plan: string;
    if (t.deps.dialect === 'sqlite') {
      const rows = await t.deps.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      plan = rows.rows.map((row) => row.detail).join('\n');
    } else {
      await sql`analyze plays`.execute(t.deps.db);
      const rows = await t.deps.db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      plan = rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    }
    expect(plan).toContain('plays_listener_song_idx');
  });
});
