import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';

type Options = {
  /** Where the MemoryRouter starts. */
  route?: string;
  /** Replaces the real 401 rule, which would reload the test page. */
  onUnauthorized?: () => void;
};

/** Renders UI with the app's providers (Mantine in test mode, a fresh query client) and a router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', onUnauthorized = () => {} }: Options = {},
) {
  const queryClient = createQueryClient({ onUnauthorized });
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient} env="test">
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>,
    ),
  };
}
