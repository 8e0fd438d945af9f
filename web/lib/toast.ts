import { toast } from 'react-toastify';

/** App-wide toasts: top right, 3 s (SPEC §2.1); the sign-up area passes its own 5 s. */
export const TOAST_MS = 3000;
export const SIGNUP_TOAST_MS = 5000;

export const notify = {
  success: (message: string, autoClose = TOAST_MS) => toast.success(message, { autoClose }),
  error: (message: string, autoClose = TOAST_MS) => toast.error(message, { autoClose }),
  info: (message: string, autoClose = TOAST_MS) => toast.info(message, { autoClose }),
};
