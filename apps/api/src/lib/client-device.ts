import Bowser from 'bowser';

// Where a sign-in comes from, kept with its session (docs/decisions/0140-session-devices.md).

/** Longest user agent kept; longer ones are cut (the column is VARCHAR(512)). */
export const USER_AGENT_MAX = 512;

export interface ClientDevice {
  /** The client address as TRUST_PROXY allows it (decision 0080). */
  ip: string;
  /** The User-Agent header as sent, cut to USER_AGENT_MAX; '' when none was sent. */
  userAgent: string;
}

/**
 * The user agent in words, browser and major version then system: 'Chrome 142, Windows'. Null when it
 * names neither (curl, an empty header). Parsed by bowser (MIT; ua-parser-js 2 is AGPL).
 */
export function describeDevice(userAgent: string): string | null {
  if (!userAgent.trim()) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const browserWords = browser.name ? [browser.name, major].filter(Boolean).join(' ') : '';
  const words = [browserWords, os.name ?? ''].filter(Boolean).join(', ');
  return words ? words.slice(0, 128) : null;
}

export const clientUserAgent = (header: string | string[] | undefined): string =>
  (Array.isArray(header) ? header.join(' ') : (header ?? '')).slice(0, USER_AGENT_MAX);
