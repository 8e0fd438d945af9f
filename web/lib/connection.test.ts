import { describe, expect, it } from 'vitest';
import { healthCheckWait, meansUnreachable, responseMeansUnreachable } from './connection.ts';

describe('watching for the server to come back', () => {
  it('asks again with a doubling wait, up to a ceiling', () => {
    const waits = Array.from({ length: 7 }, (_, attempt) => healthCheckWait(attempt));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('takes a gateway’s answers for an absent server, and the server’s own errors for its answers', () => {
    expect([502, 503, 504].every(meansUnreachable)).toBe(true);
    expect([200, 401, 404, 429, 500].some(meansUnreachable)).toBe(false);
  });

  it('takes a 503 carrying the server’s own message for a busy server that answered', () => {
    const busy = { message: 'This request took too long and was stopped.' };
    expect(responseMeansUnreachable(503, busy)).toBe(false);
    expect(responseMeansUnreachable(503, null)).toBe(true);
    expect(responseMeansUnreachable(502, { error: 'Bad Gateway' })).toBe(true);
    expect(responseMeansUnreachable(500, null)).toBe(false);
  });
});
