import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './toast-host.css';
import { attachToasts, TOAST_MS, toastClosed } from './toast.ts';

/** The toast container itself; loaded on demand by `<Toasts />`. */
export function ToastHost() {
  // Effects run child first: the container is registered before waiting toasts are shown.
  useEffect(() => {
    const stopWatching = toast.onChange((item) => {
      if (item.status === 'removed') toastClosed(String(item.id));
    });
    const detach = attachToasts({
      show: ({ id, kind, message, autoClose }) => {
        toast[kind](message, { autoClose, toastId: id });
      },
      close: (id) => toast.dismiss(id),
    });
    return () => {
      stopWatching();
      detach();
    };
  }, []);
  return <ToastContainer position="top-right" autoClose={TOAST_MS} theme="colored" newestOnTop />;
}
