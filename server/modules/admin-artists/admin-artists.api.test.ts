import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAGED_LIST_CAP } from '../../../contract/admin.ts';
import { makeJpeg, makeMp3, makePng } from '../../../tests/fixtures/media.ts';
import {
  createTestApp,
  SEEDING_WITHOUT_TIMEOUT,
  type TestContext,
} from '../../../tests/helpers/api-app.ts';
import {
  createArtist,
  createManyArtists,
  createSong,
  createUser,
  type TestUser,
} from '../../../tests/helpers/factories.ts';
import { filesUnder, multipart } from '../../../tests/helpers/multipart.ts';

const DAY = 86_400_000;

describe('admin artists', () => {
  let t: TestContext;
  let admin: TestUser;
  let listener: TestUser;
  let png: Buffer;
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
  const mediaDir = () => path.join(t.dataDir, 'media');
  const artistCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('artists')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.deps, { role: 'admin' });
    listener = await createUser(t.deps);
    png = await makePng(48, '#884400');
  });
  afterAll(() => t.close());

  function addArtist(parts: Parameters<typeof multipart>[0], user = admin) {
    const form = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/addArtist',
      payload: form.payload,
      headers: { ...form.headers, ...auth(user) },
    });
  }

  it('creates an artist with its image and answers 201 {message, artist}', async () => {
    const response = await addArtist({
      name: '  Velvet Engine ',
      description: 'Synth duo',
      email: 'Band@Example.com',
      imageFile: { filename: 'v.png', contentType: 'image/png', data: png },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Artist created successfully!');
    expect(body.artist).toMatchObject({
      name: 'Velvet Engine',
      description: 'Synth duo',
      email: 'band@example.com',
      isDisabled: false,
    });
    const image = await t.app.inject({ url: body.artist.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it.each([
    [{ description: 'd' }, 'Artist name is required'],
    [{ name: 'n' }, 'Description is required'],
    [{ name: 'n', description: 'd', noImage: true }, 'Please select an image file'],
  ])('refuses a missing field %# with 400 and leaves nothing', async (fields, message) => {
    const before = filesUnder(mediaDir());
    const count = await artistCount();
    const { noImage, ...text } = fields as Record<string, string | boolean>;
    const response = await addArtist({
      ...(text as Record<string, string>),
      ...(noImage ? {} : { imageFile: { filename: 'i.png', data: png } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(filesUnder(mediaDir())).toEqual(before);
    expect(await artistCount()).toBe(count);
  });

  it('refuses a disguised or oversize image and leaves nothing', async () => {
    const before = filesUnder(mediaDir());
    const count = await artistCount();
    const disguised = await addArtist({
      name: 'n',
      description: 'd',
      imageFile: { filename: 'photo.png', contentType: 'image/png', data: makeMp3(1) },
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toEqual({
      message: 'imageFile: Please select a valid image file (JPEG, PNG, or GIF)',
      field: 'imageFile',
    });
    const oversize = await addArtist({
      name: 'n',
      description: 'd',
      imageFile: { filename: 'big.png', data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) },
    });
    expect(oversize.statusCode).toBe(413);
    // Named by its field, so the form shows it under the picker.
    expect(oversize.json()).toEqual({
      message: 'Image size must be less than 5MB',
      field: 'imageFile',
    });
    // A PNG signature followed by garbage: sniffed as PNG, but it does not decode.
    const broken = await addArtist({
      name: 'n',
      description: 'd',
      imageFile: {
        filename: 'b.png',
        data: Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]),
      },
    });
    expect(broken.statusCode).toBe(422);
    expect(filesUnder(mediaDir())).toEqual(before);
    expect(await artistCount()).toBe(count);
  });

  it('lists with stats, search by name or e-mail, status filter and pagination', async () => {
    const old = await createArtist(t.deps, { name: 'Old Timer', createdAgoMs: 60 * DAY });
    await createArtist(t.deps, { name: 'Muted Choir', disabled: true });
    const response = await t.app.inject({
      url: '/api/admin/artists?limit=50',
      headers: auth(admin),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.stats.total).toBe(body.total);
    expect(body.stats.disabled).toBe(1);
    expect(body.stats.active).toBe(body.total - 1);
    expect(body.stats.recent).toBe(body.total - 1);
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/admin/artists?${query}`, headers: auth(admin) })).json();
    const names = async (query: string) =>
      (await list(query)).items.map((a: { name: string }) => a.name);
    expect(await names('q=timer')).toEqual(['Old Timer']);
    expect(await names('q=band@example')).toEqual(['Velvet Engine']);
    expect(await names('status=disabled')).toEqual(['Muted Choir']);
    expect(await names('status=active&q=muted')).toEqual([]);
    // `total` counts what the search and filter match, over all pages; `stats` counts every artist.
    expect(await list('status=disabled')).toMatchObject({ total: 1, stats: { total: body.total } });
    expect((await list('status=active&limit=1')).total).toBe(body.total - 1);
    expect((await list('q=timer')).total).toBe(1);
    // Any case of any alphabet (SQLite's own `lower` changes A to Z only).
    await createArtist(t.deps, { name: 'Ólafur Ærnason' });
    expect(await names('q=ólafur')).toEqual(['Ólafur Ærnason']);
    expect(await names(`q=${encodeURIComponent('ÆRNASON')}`)).toEqual(['Ólafur Ærnason']);
    const one = await t.app.inject({ url: `/api/admin/artists/${old.id}`, headers: auth(admin) });
    expect(one.json().data.name).toBe('Old Timer');
    expect(
      (await t.app.inject({ url: '/api/admin/artists/999999', headers: auth(admin) })).statusCode,
    ).toBe(404);
  });

  it('getAllArtist is a bare array: everything for admins, enabled and no e-mails for others', async () => {
    const hidden = await createArtist(t.deps, { name: 'Hidden Away', disabled: true });
    const asAdmin = (
      await t.app.inject({ url: '/api/admin/getAllArtist', headers: auth(admin) })
    ).json();
    expect(Array.isArray(asAdmin)).toBe(true);
    expect(asAdmin.some((a: { _id: string }) => a._id === String(hidden.id))).toBe(true);
    expect(asAdmin.some((a: { email: string | null }) => a.email)).toBe(true);
    for (const headers of [{}, auth(listener)]) {
      const list = (await t.app.inject({ url: '/api/admin/getAllArtist', headers })).json();
      expect(Array.isArray(list)).toBe(true);
      expect(list.some((a: { _id: string }) => a._id === String(hidden.id))).toBe(false);
      expect(list.every((a: { email: string | null }) => a.email === null)).toBe(true);
      expect(list[0]).toHaveProperty('createdAt');
    }
  });

  it('shares one public getAllArtist between callers, and drops an artist at once when it is disabled', async () => {
    const artist = await createArtist(t.deps, { name: 'Shared Lark' });
    const publicList = async () =>
      (await t.app.inject({ url: '/api/admin/getAllArtist' })).json() as { _id: string }[];
    const before = await publicList();
    expect(before.some((a) => a._id === String(artist.id))).toBe(true);
    // A listener and a visitor get the same bytes.
    const asListener = await t.app.inject({
      url: '/api/admin/getAllArtist',
      headers: auth(listener),
    });
    expect(asListener.json()).toEqual(before);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleDisableArtist/${artist.id}`,
      headers: auth(admin),
      payload: { isDisabled: true },
    });
    expect(off.statusCode).toBe(200);
    expect((await publicList()).some((a) => a._id === String(artist.id))).toBe(false);
  });

  it('disabling hides the artist and its songs from listeners, search and streams', async () => {
    const artist = await createArtist(t.deps, { name: 'Zephyr Quill' });
    const song = await createSong(t.deps, { title: 'Quill Song', artistIds: [artist.id] });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleDisableArtist/${artist.id}`,
      payload: { isDisabled: true },
      headers: auth(admin),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().artist.isDisabled).toBe(true);
    expect((await t.app.inject({ url: `/api/songs/${song.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/songs/${song.id}/stream` })).statusCode).toBe(404);
    const artists = (await t.app.inject({ url: '/api/artists?limit=100' })).json();
    expect(artists.items.some((a: { _id: number }) => a._id === artist.id)).toBe(false);
    const search = await t.app.inject({ url: '/api/search?q=zephyr' });
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json())).not.toContain('Zephyr');
    // No body flips it back, as the original client's toggle may send.
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/toggleDisableArtist/${artist.id}`,
      headers: auth(admin),
    });
    expect(on.json().artist.isDisabled).toBe(false);
    expect((await t.app.inject({ url: `/api/songs/${song.id}` })).statusCode).toBe(200);
  });

  it('updates the name by JSON and the image by multipart, really storing the new image', async () => {
    const artist = await createArtist(t.deps, { name: 'Before Name', withImage: true });
    const json = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/updatedArtist/${artist.id}`,
      payload: { name: 'After Name' },
      headers: auth(admin),
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().data).toMatchObject({ _id: String(artist.id), name: 'After Name' });
    const oldImage = json.json().data.image;

    const jpeg = await makeJpeg(64, '#00aa88');
    const form = multipart({ name: 'With Photo', imageFile: { filename: 'p.jpg', data: jpeg } });
    const withImage = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/updatedArtist/${artist.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...auth(admin) },
    });
    expect(withImage.statusCode).toBe(200);
    const data = withImage.json().data;
    expect(data.name).toBe('With Photo');
    expect(data.image).not.toBe(oldImage);
    const served = await t.app.inject({ url: data.image });
    expect(served.statusCode).toBe(200);
    // A new image that is no image is refused by the field it came in.
    const notImage = multipart({
      imageFile: { filename: 'p.png', contentType: 'image/png', data: makeMp3(1) },
    });
    const refusedImage = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/updatedArtist/${artist.id}`,
      payload: notImage.payload,
      headers: { ...notImage.headers, ...auth(admin) },
    });
    expect(refusedImage.statusCode).toBe(415);
    expect(refusedImage.json()).toEqual({
      message: 'imageFile: Please select a valid image file (JPEG, PNG, or GIF)',
      field: 'imageFile',
    });

    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/updatedArtist/${artist.id}`,
      payload: { name: '   ' },
      headers: auth(admin),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Artist name is required');
    // Each message is a sentence naming the field as the forms label it, never by its key.
    for (const [payload, message, field] of [
      [
        { description: 'x'.repeat(5001) },
        'Description must be at most 5000 characters',
        'description',
      ],
      [{ description: '  ' }, 'Description is required', 'description'],
      [{ name: 'x'.repeat(201) }, 'Artist name must be at most 200 characters', 'name'],
      [{ name: 42 }, 'Artist name must be text', 'name'],
      [{ description: false }, 'Description must be text', 'description'],
    ] as const) {
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/updatedArtist/${artist.id}`,
        payload,
        headers: auth(admin),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message, field });
    }
    const described = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/updatedArtist/${artist.id}`,
      payload: { description: ' A new story ' },
      headers: auth(admin),
    });
    expect(described.json().data).toMatchObject({ name: 'With Photo', description: 'A new story' });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/updatedArtist/999999',
      payload: { name: 'x' },
      headers: auth(admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Artist not found');
  });

  it('refuses admin artist calls to listeners', async () => {
    const artist = await createArtist(t.deps);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/artists' },
      {
        method: 'PATCH' as const,
        url: `/api/admin/toggleDisableArtist/${artist.id}`,
        payload: { isDisabled: true },
      },
      {
        method: 'PATCH' as const,
        url: `/api/admin/updatedArtist/${artist.id}`,
        payload: { name: 'Hacked' },
      },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: auth(listener) });
      expect(response.statusCode, call.url).toBe(403);
    }
    const refused = await addArtist(
      { name: 'n', description: 'd', imageFile: { filename: 'i.png', data: png } },
      listener,
    );
    expect(refused.statusCode).toBe(403);
    const row = await t.deps.db
      .selectFrom('artists')
      .select(['name', 'is_disabled'])
      .where('id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: artist.name, is_disabled: 0 });
  });
});

describe("the original client's getAllArtist past its cap", () => {
  let t: TestContext;
  const total = UNPAGED_LIST_CAP + 7;

  beforeAll(async () => {
    t = await createTestApp(SEEDING_WITHOUT_TIMEOUT);
    await createManyArtists(t.deps, total);
  }, 60_000);
  afterAll(() => t.close());

  it('answers a bare array of the cap, with the total and the next page in headers', async () => {
    const first = await t.app.inject({ url: '/api/admin/getAllArtist' });
    expect(first.statusCode).toBe(200);
    const artists = first.json();
    expect(Array.isArray(artists)).toBe(true);
    expect(artists).toHaveLength(UNPAGED_LIST_CAP);
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(first.headers.link).toBe('</api/admin/getAllArtist?page=2>; rel="next"');

    const second = await t.app.inject({ url: '/api/admin/getAllArtist?page=2' });
    expect(second.json()).toHaveLength(7);
    expect(second.headers.link).toBeUndefined();
    // Together the pages hold every artist once.
    const ids = new Set(
      [...artists, ...second.json()].map((artist: { _id: string }) => artist._id),
    );
    expect(ids.size).toBe(total);
  });

  it("caps Chorus's own list without limit too", async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const response = await t.app.inject({
      url: '/api/admin/artists',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.json()).toMatchObject({ total, limit: UNPAGED_LIST_CAP, hasMore: true });
    expect(response.json().items).toHaveLength(UNPAGED_LIST_CAP);
  });
});
