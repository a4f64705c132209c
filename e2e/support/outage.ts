import type { Page } from '@playwright/test';

/** The body a down API answers (plugins/errors.ts, 503). */
const UNAVAILABLE = {
  success: false,
  message: 'Сервис временно недоступен, попробуйте позже',
  data: null,
  code: 'UNAVAILABLE',
};

/**
 * Calls matching `url` answer 503 until the returned function ends the outage (issue 16: a list that
 * failed to load). `consoleErrors` loses the browser's lines about those 503s, which are the point.
 */
export async function outage(page: Page, url: string, consoleErrors: string[]): Promise<() => Promise<void>> {
  await page.route(url, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(UNAVAILABLE) }),
  );
  return async () => {
    await page.unroute(url);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !line.includes('503')));
  };
}
