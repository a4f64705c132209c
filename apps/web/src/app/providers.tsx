import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { textNow } from '@/lib/i18n/catalogue';
import { useLocale } from '@/lib/i18n/locale';
import { loadToastify, toastContainerProps, useToastsRequested } from '@/lib/toasts';
import { appTexts } from './texts';
import { cssVariablesResolver, themeWithCloseLabel } from './theme';

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
  const locale = useLocale();
  const theme = useMemo(() => themeWithCloseLabel(textNow(appTexts)('Закрыть')), [locale]);
  // The tab's name follows the language (index.html says it in Russian until the script runs).
  useEffect(() => {
    document.title = textNow(appTexts)('Личный кабинет');
  }, [locale]);
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
