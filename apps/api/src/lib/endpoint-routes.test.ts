import { listEndpoints } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe('the routes and the endpoint table', () => {
  it('serves every entry of the table', () => {
    for (const { name, endpoint } of listEndpoints()) {
      expect(t.app.hasRoute({ method: endpoint.method, url: fastifyPath(endpoint.path) }), name).toBe(true);
    }
  });

  it('documents exactly the table: no API operation outside it, none of it missing', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((operation) => !operation.endsWith(' /api/docs') && !operation.includes(' /api/docs/'))
      .sort();
    const table = listEndpoints()
      .map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`)
      .sort();
    expect(documented).toEqual(table);
  });

  it('refuses a query string on a call that takes none', async () => {
    const user = await createUser(t);
    const answer = await t.app.inject({ url: '/api/v1/rest/profile/me?x=1', headers: user.headers });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Неизвестное поле: x');
    const health = await t.app.inject({ url: '/api/health?probe=1' });
    expect(health.statusCode).toBe(200);
  });
});
