import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, confirmSession, getSession, saveSession } from './session.ts';

/** The browser's storage, as the hints use it. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const ME = {
  user: { _id: 7, name: 'Ada', email: 'ada@example.com' },
  isAdmin: false,
  admin: null,
};

/** Holds each call to the server until the test answers it. */
function heldCalls() {
  const answers: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
  );
  const answer = async (status: number, body: unknown) => {
    answers.shift()?.(new Response(JSON.stringify(body), { status }));
    // The answer's handlers run on later turns.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { answers, answer };
}

describe('confirming the session with the server', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    saveSession({ _id: 7, name: 'Ada', email: 'ada@example.com' }, false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks once for everyone who asks meanwhile', async () => {
    const { answers, answer } = heldCalls();
    const first = confirmSession();
    const second = confirmSession();
    expect(answers).toHaveLength(1);
    await answer(200, ME);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
  });

  it('clears the hints when the server no longer knows the session', async () => {
    const { answer } = heldCalls();
    const confirmed = confirmSession();
    await answer(401, { message: 'Your session has expired. Please log in again.' });
    expect(await confirmed).toBe(false);
    expect(getSession().isAuth).toBe(false);
  });

  it('keeps the hints when the server could not answer', async () => {
    const { answer } = heldCalls();
    const confirmed = confirmSession();
    await answer(502, {});
    expect(await confirmed).toBe(false);
    expect(getSession().isAuth).toBe(true);
  });

  it('leaves a login made while it asked to stand against a late refusal', async () => {
    const { answer } = heldCalls();
    const confirmed = confirmSession();
    saveSession({ _id: 8, name: 'Bo', email: 'bo@example.com' }, false);
    await answer(401, { message: 'Your session has expired. Please log in again.' });
    expect(await confirmed).toBe(false);
    expect(getSession()).toMatchObject({ isAuth: true, user: { name: 'Bo' } });
  });

  it('does not bring back the hints of a logout made while it asked', async () => {
    const { answer } = heldCalls();
    const confirmed = confirmSession();
    // What a logout does first, before its call to the server.
    clearSession();
    await answer(200, ME);
    expect(await confirmed).toBe(false);
    expect(getSession().isAuth).toBe(false);
  });
});
