import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import {
  createAlbum,
  createArtist,
  createPlaylist,
  createSong,
  createUser,
} from '../../../tests/helpers/factories.ts';
import { createSearchRepository } from './search.repository.ts';

interface Named {
  title?: string;
  name?: string;
}
const names = (list: Named[]) => list.map((item) => item.title ?? item.name);

describe('GET /api/search', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const zoe = await createArtist(t.deps, { name: 'Zoë Lindqvist' });
    const other = await createArtist(t.deps, { name: 'Marco Bellini' });
    const off = await createArtist(t.deps, { name: 'Zorro Hidden', disabled: true });
    const album = await createAlbum(t.deps, zoe.id, 'Nocturnes à Paris');
    await createSong(t.deps, { title: 'Café Lumière', artistIds: [other.id], albumId: album.id });
    await createSong(t.deps, { title: 'Northern Lights', artistIds: [zoe.id] });
    await createSong(t.deps, { title: 'Salt & Pepper', artistIds: [other.id] });
    await createSong(t.deps, { title: 'Café Deleted', artistIds: [other.id], deleted: true });
    await createSong(t.deps, { title: 'Café Disabled', artistIds: [off.id] });
    const owner = await createUser(t.deps, { name: 'Playlist Maker' });
    await createPlaylist(t.deps, owner.id, { name: 'Café Mornings', description: 'slow' });
    await createPlaylist(t.deps, owner.id, { name: 'Café Secret', isPublic: false });
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('finds by a partial, accent-free, different-case query', async () => {
    const result = await search('CAF');
    expect(names(result.songs)).toEqual(['Café Lumière']);
    expect(names(result.playlists)).toEqual(['Café Mornings']);
    expect(result.playlists[0].creator.name).toBe('Playlist Maker');
    expect(names((await search('cafe lum')).songs)).toEqual(['Café Lumière']);
    expect(names((await search('lumiere')).songs)).toEqual(['Café Lumière']);
  });

  it('finds the same after the indexes are rebuilt and compacted', async () => {
    const index = createSearchRepository(t.deps);
    await index.rebuild();
    await index.optimize();
    const result = await search('cafe');
    expect(names(result.songs)).toEqual(['Café Lumière']);
    expect(names(result.playlists)).toEqual(['Café Mornings']);
    expect(names((await search('nocturnes')).albums)).toEqual(['Nocturnes à Paris']);
  });

  it('reads the same best matches at every page size, however many sizes are asked', async () => {
    const artist = await createArtist(t.deps, { name: 'Pebble Choir' });
    for (let n = 1; n <= 12; n++) {
      await createSong(t.deps, { title: `Pebble ${'x'.repeat(n)}`, artistIds: [artist.id] });
    }
    const index = createSearchRepository(t.deps);
    const all = (await index.search(['pebble'], 100)).songs;
    expect(all).toHaveLength(12);
    // More sizes than compiled reads are cached, so some are compiled again after being dropped.
    for (const limit of [...Array.from({ length: 80 }, (_, i) => i + 1), 3, 7]) {
      const { songs, artists } = await index.search(['pebble'], limit);
      expect(songs).toEqual(all.slice(0, limit));
      expect(artists).toEqual([artist.id]);
    }
  });

  it('matches long words whole, past the letters a prefix index keeps', async () => {
    const artist = await createArtist(t.deps, { name: 'Long Worder' });
    await createSong(t.deps, { title: 'Supercalifragilistic Dream', artistIds: [artist.id] });
    expect(names((await search('supercalifragilis')).songs)).toEqual([
      'Supercalifragilistic Dream',
    ]);
    expect(names((await search('Supercalifragilistic dr')).songs)).toEqual([
      'Supercalifragilistic Dream',
    ]);
    // Same first twelve letters, different word: not a match (nor a typo of one).
    expect((await search('supercalifrazzzzzz')).songs).toEqual([]);
  });

  it('finds artists and their songs, and albums, ignoring accents', async () => {
    const result = await search('zoe');
    expect(names(result.artists)).toEqual(['Zoë Lindqvist']);
    expect(names(result.songs)).toContain('Northern Lights');
    expect(names((await search('nocturnes a paris')).albums)).toEqual(['Nocturnes à Paris']);
  });

  it("finds a title written with '&' when 'and' is typed", async () => {
    expect(names((await search('salt and pepper')).songs)).toEqual(['Salt & Pepper']);
    expect(names((await search('salt & pep')).songs)).toEqual(['Salt & Pepper']);
  });

  it('hides deleted songs, disabled artists and private playlists', async () => {
    const result = await search('cafe');
    expect(names(result.songs)).not.toContain('Café Deleted');
    expect(names(result.songs)).not.toContain('Café Disabled');
    expect(names(result.playlists)).not.toContain('Café Secret');
    expect((await search('zorro')).artists).toEqual([]);
  });

  it('tolerates a typo when nothing matches exactly', async () => {
    expect(names((await search('lindqvsit')).artists)).toEqual(['Zoë Lindqvist']);
    expect(names((await search('nortern')).songs)).toEqual(['Northern Lights']);
  });

  it('takes a typo correction as a whole word, on both engines', async () => {
    const artist = await createArtist(t.deps, { name: 'Stone Mason' });
    await createSong(t.deps, { title: 'Marble Hall', artistIds: [artist.id] });
    await createSong(t.deps, { title: 'Marbles Lost', artistIds: [artist.id] });
    // 'marbel' is one swap from 'marble' and two edits from 'marbles'.
    expect(names((await search('marbel')).songs)).toEqual(['Marble Hall']);
    expect(names((await search('marbel hal')).songs)).toEqual(['Marble Hall']);
  });

  it('ranks shorter names first, then newer, and reads past hidden matches', async () => {
    const artist = await createArtist(t.deps, { name: 'Rank Tester' });
    const make = (title: string, extra: { deleted?: boolean; createdAgoMs?: number } = {}) =>
      createSong(t.deps, { title, artistIds: [artist.id], ...extra });
    await make('Quasar Tide Over The Hills', { createdAgoMs: 5_000 });
    await make('Quasar Tide', { createdAgoMs: 4_000 });
    await make('Quasar', { createdAgoMs: 3_000 });
    // More hidden matches than a first read takes, all ranked above the visible ones.
    for (let i = 0; i < 45; i++) await make('Quasar', { deleted: true });
    await make('Quasar Two', { createdAgoMs: 1_000 });
    const result = await search('quas');
    expect(names(result.songs)).toEqual([
      'Quasar',
      'Quasar Two',
      'Quasar Tide',
      'Quasar Tide Over The Hills',
    ]);
  });

  it('follows renames and deletions at once', async () => {
    const artist = await createArtist(t.deps, { name: 'Index Keeper' });
    const song = await createSong(t.deps, { title: 'Wistful Harbour', artistIds: [artist.id] });
    expect(names((await search('wistful')).songs)).toEqual(['Wistful Harbour']);
    await t.deps.db
      .updateTable('songs')
      .set({ title: 'Brisk Harbour' })
      .where('id', '=', song.id)
      .execute();
    expect((await search('wistful')).songs).toEqual([]);
    expect(names((await search('brisk harb')).songs)).toEqual(['Brisk Harbour']);
    await t.deps.db.deleteFrom('songs').where('id', '=', song.id).execute();
    expect((await search('brisk')).songs).toEqual([]);
    await t.deps.db
      .updateTable('artists')
      .set({ name: 'Index Minder' })
      .where('id', '=', artist.id)
      .execute();
    expect(names((await search('minder')).artists)).toEqual(['Index Minder']);
  });

  it('drops a song while it is hidden and finds it again, renamed, once it is back', async () => {
    const db = t.deps.db;
    const artist = await createArtist(t.deps, { name: 'Tidal Clerk' });
    const song = await createSong(t.deps, { title: 'Quiet Lantern', artistIds: [artist.id] });
    const setSong = (values: { status?: 'Active' | 'Inactive'; title?: string }) =>
      db.updateTable('songs').set(values).where('id', '=', song.id).execute();
    const setArtist = (disabled: 0 | 1) =>
      db
        .updateTable('artists')
        .set({ is_disabled: disabled })
        .where('id', '=', artist.id)
        .execute();

    await setSong({ status: 'Inactive' });
    expect((await search('lantern')).songs).toEqual([]);
    await setSong({ title: 'Quiet Beacon' });
    expect((await search('beacon')).songs).toEqual([]);
    await setSong({ status: 'Active' });
    expect(names((await search('beacon')).songs)).toEqual(['Quiet Beacon']);
    expect((await search('lantern')).songs).toEqual([]);

    await setArtist(1);
    expect((await search('quiet beac')).songs).toEqual([]);
    await setArtist(0);
    expect(names((await search('quiet beac')).songs)).toEqual(['Quiet Beacon']);
  });

  it('drops an artist and its albums while it is disabled, and a playlist while private', async () => {
    const db = t.deps.db;
    const artist = await createArtist(t.deps, { name: 'Ferrous Choir' });
    const album = await createAlbum(t.deps, artist.id, 'Ferrous Anthems');
    await createSong(t.deps, { title: 'Iron Hymn', artistIds: [artist.id], albumId: album.id });
    const setArtist = (disabled: 0 | 1) =>
      db
        .updateTable('artists')
        .set({ is_disabled: disabled })
        .where('id', '=', artist.id)
        .execute();
    expect(names((await search('ferrous')).artists)).toEqual(['Ferrous Choir']);
    expect(names((await search('ferrous')).albums)).toEqual(['Ferrous Anthems']);
    await setArtist(1);
    const hidden = await search('ferrous');
    expect([hidden.artists, hidden.albums]).toEqual([[], []]);
    // Renamed while hidden: found by the new name once enabled again.
    await db
      .updateTable('albums')
      .set({ title: 'Ferrous Hymns' })
      .where('artist_id', '=', artist.id)
      .execute();
    await setArtist(0);
    expect(names((await search('ferrous')).albums)).toEqual(['Ferrous Hymns']);
    expect(names((await search('ferrous')).artists)).toEqual(['Ferrous Choir']);

    const owner = await createUser(t.deps, { name: 'Shelf Keeper' });
    const playlist = await createPlaylist(t.deps, owner.id, { name: 'Ferrous Evenings' });
    const setPublic = (value: 0 | 1) =>
      db.updateTable('playlists').set({ is_public: value }).where('id', '=', playlist.id).execute();
    expect(names((await search('ferrous evenings')).playlists)).toEqual(['Ferrous Evenings']);
    await setPublic(0);
    expect((await search('ferrous evenings')).playlists).toEqual([]);
    await setPublic(1);
    expect(names((await search('ferrous evenings')).playlists)).toEqual(['Ferrous Evenings']);
  });

  it('shows new songs and playlists at once, and drops a playlist made private at once', async () => {
    const owner = await createUser(t.deps, { name: 'Velvet Owner' });
    expect(names((await search('velvet morn')).playlists)).toEqual([]);
    await createPlaylist(t.deps, owner.id, { name: 'Velvet Mornings' });
    expect(names((await search('velvet morn')).playlists)).toEqual(['Velvet Mornings']);
    const artist = await createArtist(t.deps, { name: 'Velvet Band' });
    await createSong(t.deps, { title: 'Velvet Morning', artistIds: [artist.id] });
    const fresh = await search('velvet morn');
    expect(names(fresh.songs)).toEqual(['Velvet Morning']);
    expect(names(fresh.playlists)).toEqual(['Velvet Mornings']);

    const later = await createPlaylist(t.deps, owner.id, { name: 'Velvet Mornings Too' });
    expect(names((await search('velvet morn')).playlists)).toContain('Velvet Mornings Too');
    await t.deps.db
      .updateTable('playlists')
      .set({ is_public: 0 })
      .where('id', '=', later.id)
      .execute();
    expect(names((await search('velvet morn')).playlists)).toEqual(['Velvet Mornings']);
  });

  it("finds a song by its artist's name and title words together, in any order", async () => {
    const kingston = await createArtist(t.deps, { name: 'Kingston Lowlands' });
    const album = await createAlbum(t.deps, kingston.id, 'Harbour Dub');
    await createSong(t.deps, { title: 'Rust & Bone', artistIds: [kingston.id], albumId: album.id });
    await createSong(t.deps, { title: 'Orbit', artistIds: [kingston.id] });
    const other = await createArtist(t.deps, { name: 'Lil Orbit' });
    await createSong(t.deps, { title: 'Rust Belt', artistIds: [other.id] });
    expect(names((await search('kingston rust')).songs)).toEqual(['Rust & Bone']);
    expect(names((await search('rust kingston')).songs)).toEqual(['Rust & Bone']);
    expect(names((await search('lowlands orbit')).songs)).toEqual(['Orbit']);
    // The last word stays a prefix, as the listener types it.
    expect(names((await search('kingston ru')).songs)).toEqual(['Rust & Bone']);
    expect(names((await search('rust kingst')).songs)).toEqual(['Rust & Bone']);
    // The album's title counts too, and every word must match somewhere.
    expect(names((await search('harbour dub rust')).songs)).toEqual(['Rust & Bone']);
    expect((await search('kingston rust zebra')).songs).toEqual([]);
    // Artists and albums are still found by their own names only.
    const both = await search('kingston rust');
    expect(both.artists).toEqual([]);
    expect(both.albums).toEqual([]);
  });

  it('ranks title matches above songs found by their artist or album', async () => {
    const artist = await createArtist(t.deps, { name: 'Yarrow' });
    await createSong(t.deps, { title: 'Glow', artistIds: [artist.id], createdAgoMs: 2_000 });
    const other = await createArtist(t.deps, { name: 'Fern Hollow' });
    // Longer and older than 'Glow', but it holds the word in its title.
    await createSong(t.deps, {
      title: 'Yarrow Fields Forever',
      artistIds: [other.id],
      createdAgoMs: 3_000,
    });
    expect(names((await search('yarrow')).songs).slice(0, 2)).toEqual([
      'Yarrow Fields Forever',
      'Glow',
    ]);
  });

  it('follows a renamed artist, a retitled album and a changed credit at once', async () => {
    const db = t.deps.db;
    const artist = await createArtist(t.deps, { name: 'Copper Kettle' });
    const album = await createAlbum(t.deps, artist.id, 'Steam Rooms');
    const song = await createSong(t.deps, {
      title: 'Whistle',
      artistIds: [artist.id],
      albumId: album.id,
    });
    expect(names((await search('copper whistle')).songs)).toEqual(['Whistle']);
    await db
      .updateTable('artists')
      .set({ name: 'Brass Kettle' })
      .where('id', '=', artist.id)
      .execute();
    expect((await search('copper whistle')).songs).toEqual([]);
    expect(names((await search('whistle brass')).songs)).toEqual(['Whistle']);
    await db
      .updateTable('albums')
      .set({ title: 'Vapour Halls' })
      .where('id', '=', album.id)
      .execute();
    expect((await search('steam whistle')).songs).toEqual([]);
    expect(names((await search('vapour whis')).songs)).toEqual(['Whistle']);
    const guest = await createArtist(t.deps, { name: 'Tinsmith' });
    await db
      .insertInto('song_artists')
      .values({ song_id: song.id, artist_id: guest.id, position: 1 })
      .execute();
    expect(names((await search('tinsmith whistle')).songs)).toEqual(['Whistle']);
    await db.deleteFrom('song_artists').where('artist_id', '=', guest.id).execute();
    expect((await search('tinsmith whistle')).songs).toEqual([]);
    // A song hidden from listeners is not found by its credits either.
    await db.updateTable('songs').set({ status: 'Inactive' }).where('id', '=', song.id).execute();
    expect((await search('brass whistle')).songs).toEqual([]);
  });

  it('finds a playable song by the title of an album whose artist is disabled', async () => {
    const hidden = await createArtist(t.deps, { name: 'Quill Vanished', disabled: true });
    const album = await createAlbum(t.deps, hidden.id, 'Marigold Tapes');
    const guest = await createArtist(t.deps, { name: 'Ember Guest' });
    await createSong(t.deps, { title: 'Driftwood', artistIds: [guest.id], albumId: album.id });
    // The album itself is hidden, but the song is playable and its credits hold the title.
    expect((await search('marigold')).albums).toEqual([]);
    expect(names((await search('marigold')).songs)).toEqual(['Driftwood']);
    expect(names((await search('marigold driftwood')).songs)).toEqual(['Driftwood']);
    expect(names((await search('tapes ember')).songs)).toEqual(['Driftwood']);
  });

  it("lists an artist's own songs before duets where the artist is only a guest", async () => {
    const pines = await createArtist(t.deps, { name: 'Hollow Spruces' });
    const creek = await createArtist(t.deps, { name: 'Dusty Brook Revival' });
    const guest = await createArtist(t.deps, { name: 'Kingsway Lowlands' });
    await createSong(t.deps, { title: 'Satellite Bloom', artistIds: [pines.id] });
    await createSong(t.deps, { title: 'Velvet Station', artistIds: [pines.id, guest.id] });
    // The duet's title is the shortest, which ranks it first among matches by credits.
    await createSong(t.deps, { title: 'Tide', artistIds: [creek.id, pines.id] });
    expect(names((await search('hollow spruces')).songs)).toEqual([
      'Velvet Station',
      'Satellite Bloom',
      'Tide',
    ]);
    expect(names((await search('dusty brook')).songs)).toEqual(['Tide']);
    // A title match still comes first.
    await createSong(t.deps, { title: 'Hollow Spruces Forever', artistIds: [creek.id] });
    expect(names((await search('hollow spruces')).songs)).toEqual([
      'Hollow Spruces Forever',
      'Velvet Station',
      'Satellite Bloom',
      'Tide',
    ]);
  });

  it('finds songs by credits after the indexes are rebuilt', async () => {
    const artist = await createArtist(t.deps, { name: 'Granite Bay' });
    await createSong(t.deps, { title: 'Lichen', artistIds: [artist.id] });
    await createSearchRepository(t.deps).rebuild();
    expect(names((await search('granite lichen')).songs)).toEqual(['Lichen']);
  });

  it("gives apps the ids of the web search's results, in its order", async () => {
    const wren = await createArtist(t.deps, { name: 'Wren Harbour' });
    const otter = await createArtist(t.deps, { name: 'Otter Vale' });
    await createAlbum(t.deps, wren.id, 'Wren Harbour Sessions');
    await createSong(t.deps, { title: 'Wren Harbour Nights', artistIds: [otter.id] });
    await createSong(t.deps, { title: 'Kelpie', artistIds: [wren.id] });
    // The duet's title is shorter, so it ranks first among matches by credits, but its lead
    // artist is not the one searched for.
    await createSong(t.deps, { title: 'Fog', artistIds: [otter.id, wren.id] });
    expect(names((await search('wren harbour')).songs)).toEqual([
      'Wren Harbour Nights',
      'Kelpie',
      'Fog',
    ]);
    const ids = (list: { _id: number }[]) => list.map((item) => item._id);
    // By title and credits, by name, by a typo, and nothing.
    for (const q of ['wren harbour', 'harbour', 'otter', 'wren harbuor', 'kelpie fog']) {
      const shown = await search(q);
      const found = await t.deps.services.search.searchIds(q, 20);
      expect({ q, ...found }).toEqual({
        q,
        songs: ids(shown.songs),
        artists: ids(shown.artists),
        albums: ids(shown.albums),
      });
    }
  });

  it('answers an empty or punctuation-only query with nothing, and odd input safely', async () => {
    expect(await search('')).toEqual({ q: '', songs: [], artists: [], albums: [], playlists: [] });
    expect((await search('"*)(:')).songs).toEqual([]);
    expect((await search("o'brien AND OR NOT NEAR")).songs).toEqual([]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/search' });
    expect(missing.statusCode).toBe(400);
  });
});
