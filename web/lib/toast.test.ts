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

  it('shows the toasts still open again when their host is mounted anew', () => {
    const first: string[] = [];
    const second: string[] = [];
    const host = (shown: string[]) => ({
      show: (request: ToastRequest) => shown.push(request.message),
      close: () => {},
    });
    const detachFirst = attachToasts(host(first));
    notify.info('Phone number signup not implemented yet');
    notify.error('Google signup not implemented yet');
    toastClosed('error:Google signup not implemented yet');
    detachFirst();
    const detachSecond = attachToasts(host(second));
    try {
      expect(first).toEqual([
        'Phone number signup not implemented yet',
        'Google signup not implemented yet',
      ]);
      // What was open when the first host went comes back; what had closed does not.
      expect(second).toEqual(['Phone number signup not implemented yet']);
      notify.info('Phone number signup not implemented yet');
      expect(second).toHaveLength(1);
      notify.startFlow();
    } finally {
      detachSecond();
    }
  });
});
