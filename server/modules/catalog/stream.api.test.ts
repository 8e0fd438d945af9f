import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong } from '../../../tests/helpers/factories.ts';

describe('GET /api/songs/:id/stream', () => {
  let t: TestContext;
  let songId: number;
  let size: number;
  let full: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const artist = await createArtist(t.deps);
    songId = (await createSong(t.deps, { artistIds: [artist.id] })).id;
    const response = await t.app.inject({ method: 'GET', url: `/api/songs/${songId}/stream` });
    full = response.rawPayload;
    size = full.length;
  });
  afterAll(() => t.close());

  const get = (range?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/songs/${songId}/stream`,
      headers: { ...(range ? { range } : {}), ...extra },
    });

  it('serves the whole file with range support advertised', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(Number(response.headers['content-length'])).toBe(size);
    expect(response.headers.etag).toMatch(/^"[a-f0-9]{64}"$/);
    // An MP3 frame starts with the 11-bit sync word.
    expect(full[0]).toBe(0xff);
    expect(size).toBeGreaterThan(1000);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = (range?: string) =>
      t.app.inject({
        method: 'HEAD',
        url: `/api/songs/${songId}/stream`,
        headers: range ? { range } : {},
      });
    const whole = await head();
    expect(whole.statusCode).toBe(200);
    expect(Number(whole.headers['content-length'])).toBe(size);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.length).toBe(0);
    const part = await head('bytes=0-9');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('10');
    expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(part.rawPayload.length).toBe(0);
  });

  it('serves the first byte', async () => {
    const response = await get('bytes=0-0');
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-0/${size}`);
    expect(response.rawPayload).toEqual(full.subarray(0, 1));
  });

  it('serves the last byte', async () => {
    const response = await get(`bytes=${size - 1}-${size - 1}`);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${size - 1}-${size - 1}/${size}`);
    expect(response.rawPayload).toEqual(full.subarray(size - 1));
  });

  it('serves a suffix range', async () => {
    const response = await get('bytes=-100');
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(response.rawPayload).toEqual(full.subarray(size - 100));
  });

  it('serves an open-ended range', async () => {
    const response = await get('bytes=500-');
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 500-${size - 1}/${size}`);
    expect(Number(response.headers['content-length'])).toBe(size - 500);
    expect(response.rawPayload).toEqual(full.subarray(500));
  });

  it('clamps an end past the file to its last byte', async () => {
    const response = await get(`bytes=10-${size + 5000}`);
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 10-${size - 1}/${size}`);
  });

  it('answers 416 for a range past the end', async () => {
    const response = await get(`bytes=${size}-`);
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${size}`);
    expect(response.json().message).toMatch(/outside the file/);
  });

  it('ignores a malformed range and sends everything', async () => {
    const response = await get('bytes=abc');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(size);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await get()).headers.etag as string;
    const response = await get(undefined, { 'if-none-match': etag });
    expect(response.statusCode).toBe(304);
  });

  it('sends the whole file when If-Range does not match', async () => {
    const response = await get('bytes=0-9', { 'if-range': '"stale"' });
    expect(response.statusCode).toBe(200);
  });

  it('lets browsers keep the bytes only with revalidation, versioned URL or not', async () => {
    const song = (await t.app.inject({ method: 'GET', url: `/api/songs/${songId}` })).json();
    expect(song.url).toMatch(/\?v=[a-f0-9]+$/);
    const versioned = await t.app.inject({ method: 'GET', url: song.url });
    expect(versioned.headers['cache-control']).toBe('private, no-cache');
    expect((await get()).headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 404 for a deleted song', async () => {
    const artist = await createArtist(t.deps);
    const deleted = await createSong(t.deps, { artistIds: [artist.id], deleted: true });
    const response = await t.app.inject({ method: 'GET', url: `/api/songs/${deleted.id}/stream` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Song not found' });
  });

  it('answers 404 for an inactive song and for a disabled artist', async () => {
    const artist = await createArtist(t.deps);
    const inactive = await createSong(t.deps, { artistIds: [artist.id], status: 'Inactive' });
    const disabled = await createArtist(t.deps, { disabled: true });
    const hidden = await createSong(t.deps, { artistIds: [artist.id, disabled.id] });
    for (const id of [inactive.id, hidden.id]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/songs/${id}/stream` })).statusCode,
      ).toBe(404);
    }
  });

  it('answers 404 for an unknown song and 400 for an id that is not a number', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/songs/999999/stream' })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/songs/abc/stream' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });
});
