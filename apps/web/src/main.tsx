import '@mantine/core/styles.css';
import './app/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { APP_BASENAME } from './config/paths';
import { getLocale, loadCatalogues } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router's basename is '/app/'; someone who typed '/app' gets the same page instead of a blank one.
if (window.location.pathname === APP_BASENAME.slice(0, -1)) {
  window.history.replaceState(null, '', `${APP_BASENAME}${window.location.search}${window.location.hash}`);
}

document.documentElement.lang = getLocale();
// An English page waits for the catalogues of the first load (the loader, lib's texts); a Russian one has
// them in the code. No top-level await: the entry stays a plain module (decision 0290's entry group).
void loadCatalogues().then(() => {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
