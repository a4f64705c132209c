import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/**
 * Confirm dialogs (`modals.openConfirmModal`) are opened only by signed-in screens, so their provider
 * (Mantine's Modal, focus trap and scroll lock) loads with those screens, not with the sign-in screen's
 * first load (decision 0111).
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  return <ModalsProvider labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }}>{children}</ModalsProvider>;
}

/** The signed-in part of the route table renders inside the dialogs provider. */
export function DialogsOutlet() {
  return (
    <DialogsProvider>
      <Outlet />
    </DialogsProvider>
  );
}
