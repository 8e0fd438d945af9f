import { describe, expect, it } from 'vitest';
import { SubsonicError } from './protocol.ts';
import { streamPlan } from './stream-plan.ts';

const flac = {
  key: `audio/ab/${'a'.repeat(64)}.flac`,
  mime: 'audio/flac',
  bitrate: 900_000,
  duration: 200,
};
const mp3 = {
  key: `audio/ab/${'b'.repeat(64)}.mp3`,
  mime: 'audio/mpeg',
  bitrate: 128_000,
  duration: 200,
};
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
});
