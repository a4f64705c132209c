import { listEndpoints } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { createMailer } from '../adapters/smtp';
import { buildApp } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Every 'METHOD /path' the app serves, read from Fastify's route tree (printRoutes): each line is a path
 * segment under its parent's, with the methods served there in parentheses.
 */
function servedRoutes(app: TestApp['app']): string[] {
  const served: string[] = [];
  const branch: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    branch.length = (match[1] ?? '').length / 4;
    branch.push(match[2] ?? '');
    for (const method of match[3]?.split(', ') ?? []) served.push(`${method} ${branch.join('')}`);
  }
  return served;
}

describe('the routes and the endpoint table', () => {
  it('serves every entry of the table', () => {
    for (const { name, endpoint } of listEndpoints()) {
      expect(t.app.hasRoute({ method: endpoint.method, url: fastifyPath(endpoint.path) }), name).toBe(true);
    }
  });

  it('serves nothing under /api/ outside the table (its OpenAPI pages aside)', () => {
    const served = servedRoutes(t.app)
      .filter(
        (route) => / \/api\//.test(route) && !route.startsWith('HEAD ') && !route.includes(' /api/docs'),
      )
      .sort();
    // The table also holds /.well-known/oauth-authorization-server (issue 29), which is not under /api/.
    const table = listEndpoints()
      .filter(({ endpoint }) => endpoint.path.startsWith('/api/'))
      .map(({ endpoint }) => `${endpoint.method} ${fastifyPath(endpoint.path)}`)
      .sort();
    expect(served).toEqual(table);
  });

  it('stops the start when a module registers a route any other way', async () => {
    const app = await buildApp({
      env: t.env,
      database: t.database,
      mailer: createMailer({ from: 'x', log: { info() {} } }),
      webDist: null,
      logger: false,
      startJobs: false,
    });
    try {
      expect(() => app.get('/api/v1/rest/not-in-the-table', async () => ({}))).toThrow(
        'GET /api/v1/rest/not-in-the-table is not in the endpoint table',
      );
    } finally {
      await app.close();
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
