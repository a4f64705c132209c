import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { toastContainerProps } from '@/lib/toasts';
import { cssVariablesResolver, theme } from './theme';

type AppProvidersProps = {
  queryClient: QueryClient;
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
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }}>
          {children}
          <ToastContainer {...toastContainerProps} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
