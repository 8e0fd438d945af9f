import { describe, expect, it } from 'vitest';
import { clampBitrate, ffmpegArguments, locateFfmpeg } from './ffmpeg.ts';

describe('ffmpeg arguments', () => {
  it('are built from the fixed lists and numbers only', () => {
    const args = ffmpegArguments('/data/media/audio/ab/x.flac', {
      format: 'opus',
      kbps: 100,
      offsetSeconds: 12.7,
    });
    expect(args).toContain('file:/data/media/audio/ab/x.flac');
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '12']);
    expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 4)).toEqual([
      '-c:a',
      'libopus',
      '-b:a',
      '96k',
    ]);
    expect(args.at(-1)).toBe('pipe:1');
    expect(
      ffmpegArguments('https://bucket/x?sig=1', { format: 'mp3', kbps: 128, offsetSeconds: 0 }),
    ).not.toContain('-ss');
  });

  it('clamps bit rates to the largest listed at or below', () => {
    expect(clampBitrate(1)).toBe(32);
    expect(clampBitrate(128)).toBe(128);
    expect(clampBitrate(200)).toBe(192);
    expect(clampBitrate(10_000)).toBe(320);
  });

  it('is found on PATH or at FFMPEG_PATH, and not where nothing runs', () => {
    expect(locateFfmpeg(null, '/nowhere:/usr/bin')).toBe('/usr/bin/ffmpeg');
    expect(locateFfmpeg('/usr/bin/ffmpeg', '')).toBe('/usr/bin/ffmpeg');
    expect(locateFfmpeg('/nonexistent/ffmpeg', '/usr/bin')).toBeNull();
    expect(locateFfmpeg(null, '/nowhere')).toBeNull();
  });
});
