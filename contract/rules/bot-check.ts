/**
 * The proof-of-work bot check, ALTCHA-style: the server picks a secret number n ≤ maxnumber and
 * publishes challenge = SHA-256(salt + n) with an HMAC signature; the browser finds n by trying
 * numbers in turn. Shared by the web app (in a worker) and the API tests, which solve it honestly.
 */
export interface ChallengeLike {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export interface BotSolution {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  let out = '';
  for (const byte of new Uint8Array(buffer)) out += byte.toString(16).padStart(2, '0');
  return out;
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** Finds the number; null when none up to maxnumber matches (or the search was aborted). */
export async function solveChallenge(
  challenge: ChallengeLike,
  signal?: AbortSignal,
): Promise<BotSolution | null> {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (signal?.aborted) return null;
    if ((await sha256Hex(challenge.salt + number)) === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return { algorithm, challenge: challenge.challenge, number, salt, signature };
    }
  }
  return null;
}

/** The form in which a solution travels: base64 of its JSON (ALTCHA's payload format). */
export function encodeSolution(solution: BotSolution): string {
  return btoa(JSON.stringify(solution));
}
