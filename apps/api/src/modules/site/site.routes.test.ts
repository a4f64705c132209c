import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { loadEnv } from '../../env';
import type { RequestContext } from '../../lib/context';
import { getSiteLinks } from './site.service';

// The header's links (decision 0161): anyone may read them, no session needed.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { ABOUT_URL: 'https://example.com/about', SUPPORT_EMAIL: 'help@example.com' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/site/links', () => {
  it('answers the configured links to anyone; unset ones are null', async () => {
    const res = await t.app.inject({ url: '/api/v1/site/links' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '',
      data: {
        about_url: 'https://example.com/about',
        faq_url: null,
        support_url: 'mailto:help@example.com',
      },
    });
  });

  it('ignores a session header and a stray query (a cache-buster)', async () => {
    const res = await t.app.inject({ url: '/api/v1/site/links?v=2', headers: { 'x-session-id': 'nope' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('getSiteLinks', () => {
  const links = (env: Record<string, string>) =>
    getSiteLinks({ config: loadEnv(env) } as unknown as RequestContext);

  it('is all null when nothing is set', () => {
    expect(links({})).toEqual({ about_url: null, faq_url: null, support_url: null });
  });

  it('prefers SUPPORT_URL to a mailto: of SUPPORT_EMAIL', () => {
    expect(
      links({ SUPPORT_URL: 'https://help.example.com', SUPPORT_EMAIL: 'help@example.com' }).support_url,
    ).toBe('https://help.example.com');
  });
});
