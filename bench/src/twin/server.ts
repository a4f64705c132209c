import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { HttpError, json, list, paging } from './answers';
import { auditRoutes } from './audit';
import { billingRoutes } from './billing';
import { type TwinSql, twinSql } from './sql';

// The raw-SQL twin of the screens' calls (decision 0110): node:http and a pg Pool of 10, the same
// session lookup (SHA-256 of the token, one indexed query joining the user), and one hand-written
// statement per call that returns the product's JSON. It is what the product could cost at best;
// started by the bench as a separate process (env: PORT, DATABASE_URL, PUBLIC_URL, FILES_DIR). It covers
// the calls as the bench sends them (the persona's, the admin's, anonymous avatars): the user lists for
// non-admins, plans sorted by other columns or filters the screens do not send are left out.

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`twin: ${name} is required`);
  return value;
};
const publicUrl = env('PUBLIC_URL');
const filesDir = env('FILES_DIR');
const sql: TwinSql = twinSql(publicUrl);
const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 10 });
pool.on('error', () => {});

interface Viewer {
  userId: number;
  isAdmin: boolean;
}

async function authenticate(req: http.IncomingMessage): Promise<Viewer> {
  // x-twin-session: the session the bench sends beside a personal access token (calls.ts, issue 29).
  const header = req.headers['x-session-id'] ?? req.headers['x-twin-session'];
  const token = typeof header === 'string' ? header.trim() : '';
  if (!token || token.length > 512) throw new HttpError(401, 'UNAUTHORIZED', 'Требуется авторизация');
  const hash = createHash('sha256').update(token).digest();
  const { rows } = await pool.query(sql.session, [hash]);
  const row = rows[0];
  if (!row) throw new HttpError(401, 'UNAUTHORIZED', 'Сессия истекла или недействительна, войдите снова');
  if (row.stale) await pool.query(sql.touch, [row.id]);
  return { userId: row.user_id, isAdmin: row.is_admin };
}

async function requireAdmin(req: http.IncomingMessage) {
  const viewer = await authenticate(req);
  if (!viewer.isAdmin) throw new HttpError(403, 'FORBIDDEN', 'Доступно только администраторам');
  return viewer;
}

/** Admin user lists: digits are the id, anything else a substring of e-mail or name. */
function userFilter(search: string | null): { kind: 'none' | 'text' | 'id'; value: string | null } {
  const text = search?.trim();
  if (!text) return { kind: 'none', value: null };
  if (/^\d+$/.test(text)) return { kind: 'id', value: text };
  return { kind: 'text', value: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

type Route = (req: http.IncomingMessage, q: URLSearchParams, match: RegExpMatchArray) => Promise<string>;

const routes: [RegExp, Route][] = [
  [
    /^\/api\/v1\/rest\/profile\/me$/,
    async (req) => {
      const viewer = await authenticate(req);
      const { rows } = await pool.query(sql.me, [viewer.userId]);
      return json('', rows[0].data);
    },
  ],
  [
    /^\/api\/v1\/rest\/organizations$/,
    async (req, q) => {
      const viewer = await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.myOrganizations, [viewer.userId, perPage, offset]);
      return list('Список организаций', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/organizations\/list$/,
    async (req, q) => {
      const viewer = await requireAdmin(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.allOrganizations, [viewer.userId, perPage, offset]);
      return list('Список организаций', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/organizations\/pending-users$/,
    async (req, q) => {
      const viewer = await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.pendingUsers, [viewer.userId, perPage, offset]);
      return list('Запросы на вступление', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/organizations\/(\d+)$/,
    async (req, _q, match) => {
      const viewer = await authenticate(req);
      const { rows } = await pool.query(sql.organization, [viewer.userId, Number(match[1]), viewer.isAdmin]);
      if (!rows[0]) throw new HttpError(404, 'NOT_FOUND', 'Организация не найдена');
      return json('Организация', rows[0].data);
    },
  ],
  [
    /^\/api\/v1\/rest\/invitations$/,
    async (req, q) => {
      const viewer = await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.myInvitations, [viewer.userId, perPage, offset]);
      return list('Приглашения', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/transfers$/,
    async (req, q) => {
      const viewer = await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.myTransfers, [viewer.userId, perPage, offset]);
      return list('Предложения о передаче организаций', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/organizations\/(\d+)\/invitations$/,
    async (req, q, match) => {
      const viewer = await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.organizationInvitations, [
        Number(match[1]),
        perPage,
        offset,
        viewer.userId,
        viewer.isAdmin,
      ]);
      return list('Приглашения', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/invitations\/token\/([A-Za-z0-9_-]+)$/,
    async (_req, _q, match) => {
      const hash = createHash('sha256').update(`invitation:${match[1]}`).digest();
      const { rows } = await pool.query(sql.invitationByToken, [hash]);
      if (!rows[0]) throw new HttpError(404, 'NOT_FOUND', 'Приглашение не найдено');
      if (!rows[0].open) throw new HttpError(410, 'GONE', 'Приглашение больше не действует');
      return json('Приглашение', rows[0].data);
    },
  ],
  [
    /^\/api\/v1\/desktop\/organizations\/(\d+)\/collaborators$/,
    async (req, q, match) => {
      const viewer = await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.collaborators, [
        viewer.userId,
        Number(match[1]),
        perPage,
        offset,
      ]);
      return list('Участники организации', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/subscribes$/,
    async (req, q) => {
      await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const { rows } = await pool.query(sql.plans, [perPage, offset]);
      return list('', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/payments$/,
    async (req, q) => {
      const viewer = await authenticate(req);
      const { page, perPage, offset } = paging(q);
      const status = q.get('status') === 'pending' ? 'pending' : 'paid';
      const { rows } = await pool.query(sql.payments, [viewer.userId, status, perPage, offset]);
      return list('', rows[0], page, perPage);
    },
  ],
  [
    /^\/api\/v1\/rest\/profile\/(list|search)$/,
    async (req, q, match) => {
      await requireAdmin(req);
      const { page, perPage, offset } = paging(q);
      const filter = userFilter(q.get('search'));
      const statements = match[1] === 'list' ? sql.userList : sql.userSearch;
      const { rows } = await pool.query(statements[filter.kind], [filter.value, perPage, offset]);
      return list('', rows[0], page, perPage);
    },
  ],
  ...(
    [
      ['users', sql.usersCount],
      ['organizations', sql.organizationsCount],
      ['subscribes', sql.plansCount],
    ] as const
  ).map(([what, statement]): [RegExp, Route] => [
    new RegExp(`^/api/v1/rest/admin/${what}-count$`),
    async (req) => {
      await requireAdmin(req);
      const { rows } = await pool.query(statement);
      return json('', rows[0].data);
    },
  ]),
  ...auditRoutes({
    pool,
    authenticate,
    requireAdmin,
    refuse: (status, code, message) => {
      throw new HttpError(status, code, message);
    },
  }),
  ...billingRoutes({ pool, authenticate, requireAdmin }),
];

const DOWNLOAD = /^\/api\/v1\/files\/download\/(\d+)$/;
const PUBLIC_IMAGES = new Set(['image/jpeg', 'image/png']);

/** Public avatars only (the bench sends no session here), streamed from DATA_DIR/files as the product does. */
async function download(res: http.ServerResponse, fileId: number) {
  const { rows } = await pool.query(sql.download, [fileId]);
  const file = rows[0];
  if (!file?.is_avatar || !file.path.startsWith('images/') || !PUBLIC_IMAGES.has(file.mime)) {
    throw new HttpError(404, 'NOT_FOUND', 'Файл не найден');
  }
  const stream = createReadStream(path.join(filesDir, ...file.path.split('/')));
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  res.writeHead(200, {
    'content-type': file.mime,
    'content-length': String(file.size),
    'cache-control': 'public, max-age=86400',
    etag: `"${file.hash}"`,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
    'content-disposition': `inline; filename="${file.original_name}"`,
  });
  stream.pipe(res);
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://twin');
  try {
    const file = url.pathname.match(DOWNLOAD);
    if (file) return await download(res, Number(file[1]));
    for (const [pattern, route] of routes) {
      const match = url.pathname.match(pattern);
      if (!match) continue;
      const body = await route(req, url.searchParams, match);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      return res.end(body);
    }
    if (url.pathname === '/ready') {
      // Through the pool, so that it answers once the queries queued before it are done.
      await pool.query('SELECT 1');
      return res.end('ok');
    }
    throw new HttpError(404, 'NOT_FOUND', 'Адрес не найден');
  } catch (error) {
    const known = error instanceof HttpError;
    if (!known) process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    const body = JSON.stringify({
      success: false,
      message: known ? error.message : 'Внутренняя ошибка сервера',
      data: null,
      code: known ? error.code : 'INTERNAL',
    });
    res.writeHead(known ? error.status : 500, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(env('PORT')), '127.0.0.1');
const stop = () => {
  server.closeAllConnections();
  server.close(() => void pool.end().finally(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
