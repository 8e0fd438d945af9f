import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/api-app.ts';
import { createArtist, createSong } from '../../../tests/helpers/factories.ts';
import { up } from './022-bitrates-in-bits.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const bitrateOf = async (id: number) =>
  (
    await ctx.deps.db
      .selectFrom('songs')
      .select('audio_bitrate')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).audio_bitrate;

describe('bit rates in bits per second (migration 022)', () => {
  it('turns kilobits into bits and leaves bits and unknown rates as they are', async () => {
    const artist = await createArtist(ctx.deps);
    const audio = (bitrate: number) => ({
      key: `audio/${bitrate}.mp3`,
      size: 1000,
      mime: 'audio/mpeg',
      codec: 'MPEG 1 Layer 3',
      bitrate,
    });
    const demo = await createSong(ctx.deps, { artistIds: [artist.id], audio: audio(128) });
    const uploaded = await createSong(ctx.deps, { artistIds: [artist.id], audio: audio(320_000) });
    const unknown = await createSong(ctx.deps, { artistIds: [artist.id] });
    await ctx.deps.db
      .updateTable('songs')
      .set({ audio_bitrate: null })
      .where('id', '=', unknown.id)
      .execute();

    await up(ctx.deps.db);

    expect(await bitrateOf(demo.id)).toBe(128_000);
    expect(await bitrateOf(uploaded.id)).toBe(320_000);
    expect(await bitrateOf(unknown.id)).toBeNull();
  });
});
