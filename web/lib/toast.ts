import { serverStatus } from './connection.ts';

/** App-wide toasts: 3 s; the sign-up area passes its own 5 s. */
export const TOAST_MS = 3000;
export const SIGNUP_TOAST_MS = 5000;
/** A toast shown this close before a navigation is its outcome and goes along with it. */
export const NAVIGATION_GRACE_MS = 1000;

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastRequest {
  /** One toast per kind and text: the same message asked for again while open is not repeated. */
  id: string;
  kind: ToastKind;
  message: string;
  autoClose: number;
}

/** An open toast: its kind and when it was shown. */
export interface OpenToast {
  kind: ToastKind;
  shownAt: number;
}

/**
 * What ends a flow, and so closes the toasts it left:
 * - `success`: an attempt worked, so the errors of the attempts before it are stale;
 * - `navigation`: another page, except toasts shown just before it (its outcome, such as
 *   'Login successfully' on the way home);
 * - `flow`: a form starts a new attempt, so everything the last one said is stale.
 */
export type FlowEnd = 'success' | 'navigation' | 'flow';

export function toastsToClose(
  open: ReadonlyMap<string, OpenToast>,
  end: FlowEnd,
  now: number,
): string[] {
  const ids: string[] = [];
  for (const [id, toast] of open) {
    const stale =
      end === 'flow' ||
      (end === 'success' && toast.kind === 'error') ||
      (end === 'navigation' && toast.shownAt < now - NAVIGATION_GRACE_MS);
    if (stale) ids.push(id);
  }
  return ids;
}

/** What the loaded toast host does. */
export interface ToastDisplay {
  show(request: ToastRequest): void;
  close(id: string): void;
}

/*
 * The toast library (and its styles) is not part of the first page: `<Toasts />` loads it when
 * the first toast is asked for (or when the browser is idle). Until it has mounted, requests wait
 * here in order.
 */
let display: ToastDisplay | null = null;
const waiting: ToastRequest[] = [];
const wanted = new Set<() => void>();
/** Open toasts, shown or waiting, in the order they were asked for. */
const open = new Map<string, OpenToast & { request: ToastRequest }>();

function close(end: FlowEnd): void {
  for (const id of toastsToClose(open, end, Date.now())) {
    open.delete(id);
    const queued = waiting.findIndex((request) => request.id === id);
    if (queued !== -1) waiting.splice(queued, 1);
    display?.close(id);
  }
}

function emit(kind: ToastKind, message: string, autoClose: number): void {
  // While the server is unreachable the banner says so once; the errors it causes stay quiet.
  if (kind === 'error' && serverStatus() === 'unreachable') return;
  if (kind === 'success') close('success');
  const id = `${kind}:${message}`;
  if (open.has(id)) return;
  const request = { id, kind, message, autoClose };
  open.set(id, { kind, shownAt: Date.now(), request });
  if (display) {
    display.show(request);
    return;
  }
  waiting.push(request);
  for (const listener of wanted) listener();
}

/** Called by the loaded toast host once its container has mounted. */
export function attachToasts(host: ToastDisplay): () => void {
  display = host;
  for (const request of waiting.splice(0)) host.show(request);
  return () => {
    if (display !== host) return;
    display = null;
    // The container goes with its host, and the toasts in it with them: React's StrictMode
    // mounts the host twice in development. Those still open wait for the next host.
    for (const { request } of open.values()) {
      if (!waiting.includes(request)) waiting.push(request);
    }
  };
}

/** The host tells of a toast that closed (timed out, or closed by the listener). */
export function toastClosed(id: string): void {
  open.delete(id);
}

/** Lets `<Toasts />` know a toast is waiting; returns whether one already is. */
export function onToastWanted(listener: () => void): { pending: boolean; stop: () => void } {
  wanted.add(listener);
  return { pending: waiting.length > 0, stop: () => wanted.delete(listener) };
}

export const notify = {
  success: (message: string, autoClose = TOAST_MS) => emit('success', message, autoClose),
  error: (message: string, autoClose = TOAST_MS) => emit('error', message, autoClose),
  info: (message: string, autoClose = TOAST_MS) => emit('info', message, autoClose),
  /** A form starts a new attempt: what the last one said closes. */
  startFlow: () => close('flow'),
  /** The router moved to another page. */
  navigated: () => close('navigation'),
};
