import type { RouteObject } from 'react-router';
import { loadCatalogues } from './catalogue';

/**
 * Every lazy route waits for the catalogues its code defines, in the page's language, before it shows: an
 * English screen never flashes Russian or a loader for its texts. In Russian nothing is fetched.
 */
export function withCatalogues(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const next = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      next.lazy = (async () => {
        const loaded = await lazy();
        await loadCatalogues();
        return loaded;
      }) as typeof lazy;
    }
    if (children) next.children = withCatalogues(children);
    return next;
  });
}
