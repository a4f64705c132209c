import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { searchParamKeys } from '@/config/paths';

const URL_WRITE_DELAY_MS = 300;

/** The header search text as list screens read it: the `search` query parameter of the current page. */
export function useSearchQuery(): string {
  const [params] = useSearchParams();
  return params.get(searchParamKeys.search) ?? '';
}

/**
 * State of a search box kept in the URL, so a filtered list survives a reload and can be shared. The box
 * edits local state and writes the URL a moment later: writing on every key would race the router's
 * asynchronous navigation and drop typed characters.
 */
export function useSearchText(): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(searchParamKeys.search) ?? '';
  const [text, setText] = useState(inUrl);
  const written = useRef(inUrl);
  // A link clicked within the delay starts a navigation while this page stays mounted (routes load
  // lazily); writing the URL then would replace that navigation and keep the user on this page.
  const navigation = useNavigation();

  // Another page or the back button changed the URL: show what it says. Our own writes come back here
  // too, late, and must not overwrite what was typed since.
  useEffect(() => {
    if (inUrl !== written.current) {
      written.current = inUrl;
      setText(inUrl);
    }
  }, [inUrl]);

  const writeUrl = useDebouncedCallback((next: string) => {
    if (navigation.state !== 'idle') return;
    written.current = next.trim() ? next : '';
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.trim()) updated.set(searchParamKeys.search, next);
        else updated.delete(searchParamKeys.search);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }, URL_WRITE_DELAY_MS);

  const update = (next: string) => {
    setText(next);
    writeUrl(next);
  };

  return [text, update];
}
