/**
 * `load` runs on the first call only; every call shares its promise. For packages a process may never need,
 * loaded with their first use instead of at start (decision 0119). A failed load stays failed: a package
 * missing from node_modules does not appear later.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
