import { useState } from 'react';
import { useSearchQuery, useSearchText } from '@/lib/use-search-text';

/**
 * Search text and page of an admin list. The box edits local text; the URL (and so the query) follows
 * 300 ms after the last key (lib/use-search-text.ts), so typing does not send a request per character.
 * A new search starts again from page 1.
 */
export function useListState() {
  const box = useSearchText();
  const search = useSearchQuery();
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  return { box, search, page, setPage };
}
