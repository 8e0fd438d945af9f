import { describe, expect, it } from 'vitest';
import {
  attachToasts,
  NAVIGATION_GRACE_MS,
  notify,
  type OpenToast,
  type ToastRequest,
  toastClosed,
  toastsToClose,
} from './toast.ts';

const open = (entries: Array<[string, OpenToast]>) => new Map(entries);

describe('which toasts a finished flow closes', () => {
  const now = 100_000;
  const toasts = open([
    ['error:Invalid email or password', { kind: 'error', shownAt: now - 5000 }],
    ['info:We sent you a new code', { kind: 'info', shownAt: now - 5000 }],
    ['success:Login successfully', { kind: 'success', shownAt: now - 10 }],
  ]);

  it('closes the errors of earlier attempts once one succeeds, and nothing else', () => {
    expect(toastsToClose(toasts, 'success', now)).toEqual(['error:Invalid email or password']);
  });

  it('closes what the page being left said, but not what was said on the way out', () => {
    expect(toastsToClose(toasts, 'navigation', now)).toEqual([
      'error:Invalid email or password',
      'info:We sent you a new code',
    ]);
    const justShown = open([
      ['error:Suspended', { kind: 'error', shownAt: now - NAVIGATION_GRACE_MS + 1 }],
    ]);
    expect(toastsToClose(justShown, 'navigation', now)).toEqual([]);
  });

  it('closes everything when a form starts a new attempt', () => {
    expect(toastsToClose(toasts, 'flow', now)).toHaveLength(3);
  });
});

describe('notify', () => {
  it('shows one toast per message while it is open, and closes errors on a success', () => {
    const shown: ToastRequest[] = [];
    const closed: string[] = [];
    const detach = attachToasts({
      show: (request) => shown.push(request),
      close: (id) => closed.push(id),
    });
    try {
      for (let i = 0; i < 4; i++) notify.error('Could not play this song');
      expect(shown.map((request) => request.message)).toEqual(['Could not play this song']);
      notify.success('Login successfully');
      expect(closed).toEqual(['error:Could not play this song']);
      // Once closed, the same message may show again.
      notify.error('Could not play this song');
      expect(shown).toHaveLength(3);
      toastClosed('error:Could not play this song');
      notify.error('Could not play this song');
      expect(shown).toHaveLength(4);
      notify.startFlow();
    } finally {
      detach();
    }
  });
});
