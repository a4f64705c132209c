import { type ToastContainerProps, type ToastOptions, toast } from 'react-toastify';

/**
 * Toast rules of spec section 9. The container props live here with the helpers so the two cannot drift
 * apart; app/providers.tsx renders the container.
 */
export const TOAST_AUTO_CLOSE_MS = 3000;

export const toastContainerProps = {
  position: 'top-right',
  limit: 5,
  newestOnTop: true,
  draggable: true,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: false,
  autoClose: TOAST_AUTO_CLOSE_MS,
  theme: 'light',
} satisfies ToastContainerProps;

// The content doubles as the id, so a message that is already on screen is not shown twice
// (react-toastify skips a toast whose id is active).
const options = (content: string): ToastOptions => ({ toastId: content, autoClose: TOAST_AUTO_CLOSE_MS });

export function notifySuccess(content: string) {
  return toast.success(content, options(content));
}

export function notifyError(content: string) {
  return toast.error(content, options(content));
}

export function notifyWarning(content: string) {
  return toast.warning(content, options(content));
}
