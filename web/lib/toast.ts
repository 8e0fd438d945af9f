/** App-wide toasts: top right, 3 s; the sign-up area passes its own 5 s. */
export const TOAST_MS = 3000;
export const SIGNUP_TOAST_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastRequest {
  kind: ToastKind;
  message: string;
  autoClose: number;
}

/*
 * The toast library (and its styles) is not part of the first page: `<Toasts />` in main.tsx
 * loads it when the first toast is asked for (or when the browser is idle). Until it has
 * mounted, requests wait here in order.
 */
let show: ((request: ToastRequest) => void) | null = null;
const waiting: ToastRequest[] = [];
const wanted = new Set<() => void>();

function emit(kind: ToastKind, message: string, autoClose: number): void {
  const request = { kind, message, autoClose };
  if (show) {
    show(request);
    return;
  }
  waiting.push(request);
  for (const listener of wanted) listener();
}

/** Called by the loaded toast host once its container has mounted. */
export function attachToasts(display: (request: ToastRequest) => void): () => void {
  show = display;
  for (const request of waiting.splice(0)) display(request);
  return () => {
    if (show === display) show = null;
  };
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
};
