import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useText } from '@/lib/i18n/catalogue';
import { queryClient } from './query-client';
import { appTexts } from './texts';

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

/*
 * Confirm dialogs: screens open them with `modals.openConfirmModal` (@mantine/modals), which sends a window
 * event its provider listens to. The provider, Mantine's Modal and its focus trap and scroll lock load with
 * the first such event, not with every signed-in screen (decision 0293): until then the events are held,
 * and sent again once the provider listens. Nothing reads the provider's context (`useModals`), so it
 * stands beside the screens rather than around them.
 */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

/** Sends the held events again; its effect runs after the provider's own, which subscribe. */
function Replay({ held }: { held: { current: CustomEvent[] | null } }) {
  useEffect(() => {
    const events = held.current ?? [];
    held.current = null;
    for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [held]);
  return null;
}

function OnDemandDialogs() {
  const t = useText(appTexts);
  // The events sent before the provider listens; null once they have been handed over.
  const held = useRef<CustomEvent[] | null>([]);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const hold = (event: Event) => {
      held.current?.push(event as CustomEvent);
      setWanted(true);
    };
    for (const type of MODAL_EVENTS) window.addEventListener(type, hold);
    return () => {
      for (const type of MODAL_EVENTS) window.removeEventListener(type, hold);
    };
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider labels={{ confirm: t('Подтвердить'), cancel: t('Отмена') }}>
        <Replay held={held} />
      </ModalsProvider>
    </Suspense>
  );
}

/** Confirm dialogs (`modals.openConfirmModal`) are opened only by signed-in screens. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <OnDemandDialogs />
    </>
  );
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
