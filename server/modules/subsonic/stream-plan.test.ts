import { describe, expect, it } from 'vitest';
import { SubsonicError } from './protocol.ts';
import { defaultTranscode, streamPlan } from './stream-plan.ts';

/** A stored song of 200 s: its file's suffix, type, codec and bit rate. */
const stored = (suffix: string, mime: string, codec: string, bitrate: number) => ({
  key: `audio/ab/${'a'.repeat(64)}.${suffix}`,
  mime,
  codec,
  bitrate,
  duration: 200,
});
const flac = stored('flac', 'audio/flac', 'FLAC', 900_000);
const mp3 = stored('mp3', 'audio/mpeg', 'MPEG 1 Layer 3', 128_000);
const alac = stored('m4a', 'audio/mp4', 'ALAC', 1_000_000);
const aiff = stored('aiff', 'audio/aiff', 'PCM', 1_411_000);
const raw = { defaultFormat: 'raw' as const, defaultKbps: 192 };
const ask = (values: { format?: string; maxBitRate?: string; timeOffset?: string }) => ({
  format: values.format,
  maxBitRate: values.maxBitRate,
  timeOffset: values.timeOffset,
});

describe('streamPlan', () => {
  it('sends the original for raw, the file suffix, or nothing asked under a raw default', () => {
    expect(streamPlan(ask({ format: 'raw' }), raw, flac)).toEqual({ kind: 'original' });
    expect(streamPlan(ask({ format: 'flac' }), raw, flac)).toEqual({ kind: 'original' });
    expect(streamPlan(ask({}), raw, flac)).toEqual({ kind: 'original' });
  });

  it('clamps the bit rate to the fixed list', () => {
    const plan = (maxBitRate: string) => streamPlan(ask({ format: 'mp3', maxBitRate }), raw, flac);
    expect(plan('100')).toEqual({
      kind: 'transcode',
      plan: { format: 'mp3', kbps: 96, offsetSeconds: 0 },
    });
    expect(plan('5')).toMatchObject({ plan: { kbps: 32 } });
    expect(plan('99999')).toMatchObject({ plan: { kbps: 320 } });
    expect(plan('0')).toMatchObject({ plan: { kbps: 192 } });
    expect(plan('12abc')).toMatchObject({ plan: { kbps: 192 } });
  });

  it('seeks within the song, and a lower rate or a seek transcodes under a raw default', () => {
    expect(streamPlan(ask({ timeOffset: '30' }), raw, flac)).toEqual({
      kind: 'transcode',
      plan: { format: 'mp3', kbps: 192, offsetSeconds: 30 },
    });
    expect(streamPlan(ask({ format: 'aac', timeOffset: '5000' }), raw, flac)).toMatchObject({
      plan: { offsetSeconds: 199 },
    });
    expect(streamPlan(ask({ maxBitRate: '64' }), raw, flac)).toMatchObject({
      plan: { format: 'mp3', kbps: 64 },
    });
  });

  it('uses TRANSCODE_DEFAULT, and keeps an MP3 at or under the asked rate as it is', () => {
    const opus = { defaultFormat: 'opus' as const, defaultKbps: 96 };
    expect(streamPlan(ask({}), opus, flac)).toMatchObject({ plan: { format: 'opus', kbps: 96 } });
    expect(streamPlan(ask({ format: 'mp3', maxBitRate: '320' }), raw, mp3)).toEqual({
      kind: 'original',
    });
    expect(streamPlan(ask({ format: 'mp3', maxBitRate: '64' }), raw, mp3)).toMatchObject({
      plan: { kbps: 64 },
    });
  });

  it('refuses formats outside the list, naming the ones there are', () => {
    expect(() => streamPlan(ask({ format: 'wav -y /etc/x' }), raw, flac)).toThrow(SubsonicError);
    expect(() => streamPlan(ask({ format: 'wav' }), raw, flac)).toThrow(/mp3, opus or aac/);
  });

  it("takes ogg and oga as opus, and the file's own suffix as the original", () => {
    for (const format of ['ogg', 'oga', 'OGG']) {
      expect(streamPlan(ask({ format }), raw, flac)).toEqual({
        kind: 'transcode',
        plan: { format: 'opus', kbps: 128, offsetSeconds: 0 },
      });
    }
    const vorbis = stored('ogg', 'audio/ogg', 'Vorbis', 160_000);
    expect(streamPlan(ask({ format: 'ogg' }), raw, vorbis)).toEqual({ kind: 'original' });
  });

  it('transcodes files players cannot decode when nothing is asked, and raw is still the file', () => {
    expect(streamPlan(ask({}), raw, alac)).toEqual({
      kind: 'transcode',
      plan: { format: 'mp3', kbps: 192, offsetSeconds: 0 },
    });
    expect(streamPlan(ask({}), raw, aiff)).toMatchObject({ plan: { format: 'mp3' } });
    expect(streamPlan(ask({ format: 'raw' }), raw, alac)).toEqual({ kind: 'original' });
  });

  it('announces the default transcode a song entry names, none without ffmpeg', () => {
    expect(defaultTranscode(raw, flac)).toBeNull();
    expect(defaultTranscode(raw, aiff)).toEqual({ contentType: 'audio/mpeg', suffix: 'mp3' });
    expect(defaultTranscode({ defaultFormat: 'opus', defaultKbps: 96 }, mp3)).toEqual({
      contentType: 'audio/ogg',
      suffix: 'opus',
    });
    expect(defaultTranscode(null, aiff)).toBeNull();
  });
});
