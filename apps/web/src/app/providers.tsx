import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { loadToastify, toastContainerProps, useToastsRequested } from '@/lib/toasts';
import { cssVariablesResolver, theme } from './theme';

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

/** Mounted with the first toast, so react-toastify is not part of the first load (lib/toasts.ts). */
function Toasts() {
  const requested = useToastsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...toastContainerProps} />
    </Suspense>
  );
}

type AppProvidersProps = {
  /**
   * Component tests give theirs here. The app gives none: its screens get the app's client below the root
   * (app/signed-in-shell.tsx), so the sign-in screen's first load carries no query cache (decision 0111).
   */
  queryClient?: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals in component tests. */
  env?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      {queryClient ? <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> : children}
      <Toasts />
    </MantineProvider>
  );
}
