import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { NotFoundView } from '@/components/not-found-view';
import { ErrorLayout } from './layouts/error-layout';

/**
 * What a route shows when its loader or render fails. A 404 (a non-admin under /admin) is the not-found
 * page; anything else, typically a screen chunk that failed to download, offers a reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorLayout>{notFound ? <NotFoundView /> : <ErrorView />}</ErrorLayout>;
}
