import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeSolution, sha256Hex, solveChallenge } from './bot-check.ts';

const challengeFor = (salt: string, number: number, maxnumber: number) => ({
  algorithm: 'SHA-256' as const,
  challenge: createHash('sha256')
    .update(salt + number)
    .digest('hex'),
  maxnumber,
  salt,
  signature: 'sig',
});

describe('bot-check solver', () => {
  it('hashes like node:crypto', async () => {
    expect(await sha256Hex('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('finds the hidden number', async () => {
    const solution = await solveChallenge(challengeFor('salt?expires=1', 137, 500));
    expect(solution).toMatchObject({ number: 137, salt: 'salt?expires=1', signature: 'sig' });
    const decoded = JSON.parse(atob(encodeSolution(solution!)));
    expect(decoded.number).toBe(137);
  });

  it('gives up past maxnumber and when aborted', async () => {
    expect(await solveChallenge(challengeFor('s', 600, 500))).toBeNull();
    const controller = new AbortController();
    controller.abort();
    expect(await solveChallenge(challengeFor('s', 10, 500), controller.signal)).toBeNull();
  });
});
