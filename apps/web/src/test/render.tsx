import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { DialogsProvider } from '@/app/signed-in-shell';

type Options = {
  /** Where the memory router starts. */
  route?: string;
  /** Replaces the real 401 rule, which would reload the test page. */
  onUnauthorized?: () => void;
};

/**
 * Renders UI with the app's providers (Mantine in test mode, a fresh query client) and a data router, as
 * the app has (forms ask before leaving through react-router's blocker, which needs one). The UI answers
 * every path, so a screen's navigation shows in `router.state.location`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', onUnauthorized = () => {} }: Options = {},
) {
  const queryClient = createQueryClient({ onUnauthorized });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  return {
    queryClient,
    router,
    ...render(
      <AppProviders queryClient={queryClient} env="test">
        <DialogsProvider>
          <RouterProvider router={router} />
        </DialogsProvider>
      </AppProviders>,
    ),
  };
}
