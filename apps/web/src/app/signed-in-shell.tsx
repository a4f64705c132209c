import { ModalsProvider } from '@mantine/modals';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

/*
 * What the screens that read data need, given below the root rather than at it, so that the sign-in
 * screen's first load carries neither the query cache nor the dialogs (decision 0111). Each is loaded by
 * the route table with the screens that use it.
 */

/** The app's query client; a client given higher up (a component test's) is kept. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Confirm dialogs (`modals.openConfirmModal`) are opened only by signed-in screens. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  return <ModalsProvider labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }}>{children}</ModalsProvider>;
}

/** A route's children with the query client (the invitation link, which anyone may open). */
export function QueryOutlet() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

/** The signed-in part of the route table. */
export function SignedInShell() {
  return (
    <QueryProvider>
      <DialogsProvider>
        <Outlet />
      </DialogsProvider>
    </QueryProvider>
  );
}
