import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
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
export type SearchBox = {
  text: string;
  setText: (next: string) => void;
  /**
   * Writes a pending text to the URL now; the box calls it when it loses focus. Leaving the box for a
   * link (a row's settings, say) blurs it first, so the write lands before that navigation instead of
   * replacing it a moment later and pulling the user back to the list.
   */
  commit: () => void;
};

export function useSearchText(): SearchBox {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(searchParamKeys.search) ?? '';
  const [text, setText] = useState(inUrl);
  // What this box wrote to the URL and the router has not echoed back yet, oldest first. Router
  // navigation is asynchronous, so on a slow machine a write can come back after the next one was
  // made; taking such an echo for an outside change would reset the box and drop the keys typed since.
  const pending = useRef<string[]>([]);
  const urlNow = useRef(inUrl);
  urlNow.current = inUrl;

  // Another page or the back button changed the URL: show what it says. Our own writes come back here
  // too, late, and must not overwrite what was typed since.
  useEffect(() => {
    const own = pending.current.indexOf(inUrl);
    if (own >= 0) {
      pending.current = pending.current.slice(own + 1);
      return;
    }
    pending.current = [];
    setText(inUrl);
  }, [inUrl]);

  const writeUrl = useDebouncedCallback((next: string) => {
    const value = next.trim() ? next : '';
    // Writing what the URL already says changes nothing, so no echo comes back for it.
    if (value !== urlNow.current) pending.current.push(value);
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

  return { text, setText: update, commit: writeUrl.flush };
}
