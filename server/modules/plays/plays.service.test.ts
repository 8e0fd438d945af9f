import { describe, expect, it } from 'vitest';
import { addressHourKey, LATE_PLAY_DAYS } from './plays.service.ts';

describe("the address's hour a play is charged to", () => {
  const hour = 3_600_000;
  const now = Date.parse('2026-03-14T15:30:00Z');
  const key = (heardAgo: number) => addressHourKey('10.0.0.1', new Date(now - heardAgo), now);

  it('is the hour the song was heard in, up to the bound of late plays', () => {
    expect(key(0)).toBe(key(20 * 60_000));
    expect(key(0)).not.toBe(key(31 * 60_000));
    expect(key(3 * hour)).toBe(`plays:ip:10.0.0.1:${Math.floor((now - 3 * hour) / hour)}`);
    const lastDay = LATE_PLAY_DAYS * 24 * hour - 60_000;
    expect(key(lastDay)).toBe(`plays:ip:10.0.0.1:${Math.floor((now - lastDay) / hour)}`);
  });

  it('is the hour of arrival for a play heard longer ago, so its hour is never counted again', () => {
    expect(key(LATE_PLAY_DAYS * 24 * hour + 60_000)).toBe(key(0));
    expect(key(400 * 24 * hour)).toBe(key(0));
  });
});
