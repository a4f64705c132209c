/**
 * A message's key in a catalogue: a short hash of its Russian id (32-bit FNV-1a, base 36, at most 7
 * characters). The English catalogues the browser downloads carry these instead of the Russian ids, which
 * took half their bytes (decision 0311). A build (apps/web/vite-catalogues.ts) or a load in Node
 * (createTranslate) fails on two ids of one catalogue with the same key.
 */
export function messageKey(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
