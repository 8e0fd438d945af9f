import { describe, expect, it } from 'vitest';
import { healthCheckWait, meansUnreachable } from './connection.ts';

describe('watching for the server to come back', () => {
  it('asks again with a doubling wait, up to a ceiling', () => {
    const waits = Array.from({ length: 7 }, (_, attempt) => healthCheckWait(attempt));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('takes a gateway’s answers for an absent server, and the server’s own errors for its answers', () => {
    expect([502, 503, 504].every(meansUnreachable)).toBe(true);
    expect([200, 401, 404, 429, 500].some(meansUnreachable)).toBe(false);
  });
});
