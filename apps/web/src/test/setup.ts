import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/locale';

// Route screens load lazily; on a busy two-core CI machine the first import can take over a second.
configure({ asyncUtilTimeout: 15_000 });

/*
 * jsdom lacks a few browser APIs Mantine relies on (https://mantine.dev/guides/vitest/).
 */
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

/*
 * A test that logs console.error fails (architecture convention 7): React reports bad props, act()
 * warnings and crashed renders there, and they must not go unnoticed. The message is collected and the
 * test fails after it ends, rather than throwing inside the code that logged it.
 */
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  cleanup();
  // A test in English leaves the next one in Russian, the cabinet's default (issue 32).
  await setLocale('ru');
  window.localStorage.clear();
  window.sessionStorage.clear();
  const logged = consoleErrors;
  consoleErrors = [];
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    const text = logged.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
