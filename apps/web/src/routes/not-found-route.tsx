import { NotFoundView } from '@/components/not-found-view';

/** Any unknown path (spec section 2); the router puts it in the error layout. */
export function NotFoundRoute() {
  return <NotFoundView />;
}
