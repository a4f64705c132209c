import { useSyncExternalStore } from 'react';
import type { Id, ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify';

/**
 * Toast rules of spec section 9. The container props live here with the helpers so the two cannot drift
 * apart; app/providers.tsx renders the container.
 *
 * react-toastify loads with the first toast, not with the first screen (decision 0111): a toast sent
 * before its container has mounted is kept by react-toastify and shown once it mounts.
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

export const loadToastify = () => import('react-toastify');

let requested = false;
const listeners = new Set<() => void>();

/** Whether anything was toasted yet: app/providers.tsx mounts the container from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
}

/** Shows a toast whose id is `options.toastId`, which is returned at once. */
export function showToast(
  kind: 'success' | 'error' | 'warning',
  content: ToastContent,
  options: ToastOptions & { toastId: Id },
): Id {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void loadToastify().then(({ toast }) => toast[kind](content, options));
  return options.toastId;
}

// The content doubles as the id, so a message that is already on screen is not shown twice
// (react-toastify skips a toast whose id is active).
const options = (content: string) => ({ toastId: content, autoClose: TOAST_AUTO_CLOSE_MS });

export function notifySuccess(content: string) {
  return showToast('success', content, options(content));
}

export function notifyError(content: string) {
  return showToast('error', content, options(content));
}

export function notifyWarning(content: string) {
  return showToast('warning', content, options(content));
}
