import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../src/generated/prisma/client';
const pool = new pg.Pool({ connectionString: 'postgresql://postgres@127.0.0.1:5432/pa_scratch', max: 4 });
const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
async function time(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await f();
  const n = 3000;
  const t0 = process.cpuUsage(); const w0 = performance.now();
  for (let i = 0; i < n; i++) await f();
  const c = process.cpuUsage(t0); const w = performance.now() - w0;
  console.log(name.padEnd(30), 'cpu µs/op', ((c.user + c.system) / n).toFixed(0), 'wall µs/op', ((w * 1000) / n).toFixed(0));
}
const q = `SELECT u.id, u.name, u.email, u.email_verified_at, u.type_id, u.plan_id, u.plan_expires_at, u.avatar_file_id, u.blocked_at, u.created_at, u.updated_at, t.code, t.name AS tname FROM users u JOIN user_types t ON t.id = u.type_id ORDER BY u.id LIMIT 20`;
for (let k = 0; k < 2; k++) {
await time('pool rows', () => pool.query(q));
await time('$queryRawUnsafe rows', () => prisma.$queryRawUnsafe(q));
await time('$queryRaw json', () => prisma.$queryRawUnsafe(`SELECT json_agg(x) AS j FROM (${q}) x`));
await time('$queryRaw json text', () => prisma.$queryRawUnsafe(`SELECT json_agg(x)::text AS j FROM (${q}) x`));
await time('$queryRaw json text+parse', async () => { const r = await prisma.$queryRawUnsafe<{j: string}[]>(`SELECT json_agg(x)::text AS j FROM (${q}) x`); return JSON.parse(r[0]!.j); });
await time('pool json text', () => pool.query(`SELECT json_agg(x)::text AS j FROM (${q}) x`));
await time('prisma findMany+type', () => prisma.user.findMany({ take: 20, orderBy: { id: 'asc' }, include: { type: true } }));
}
console.log(JSON.stringify((await prisma.$queryRawUnsafe<any[]>(`SELECT json_agg(x) AS j, count(*) AS n, now() as t FROM (${q}) x`))[0]).slice(0,300));
await prisma.$disconnect();
