import { afterEach, vi } from 'vitest';

// A test that logs console.error fails (architecture.md, convention 7).
const errorSpy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = errorSpy.mock.calls.splice(0);
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
