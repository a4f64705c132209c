import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { ErrorLayout } from './layouts/error-layout';

// Loaded when a loader answers 404 (a non-admin under /admin): not part of every screen's first load
// (decision 0111). ErrorView stays static, as it is what shows when a chunk cannot be downloaded.
const NotFoundView = lazy(() =>
  import('@/components/not-found-view').then((m) => ({ default: m.NotFoundView })),
);

/**
 * What a route shows when its loader or render fails. A 404 (a non-admin under /admin) is the not-found
 * page; anything else, typically a screen chunk that failed to download, offers a reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorLayout>
      {notFound ? (
        <Suspense fallback={null}>
          <NotFoundView />
        </Suspense>
      ) : (
        <ErrorView />
      )}
    </ErrorLayout>
  );
}
