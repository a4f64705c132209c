import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../src/generated/prisma/client';
const pool = new pg.Pool({ connectionString: 'postgresql://postgres@127.0.0.1:5432/pa_scratch', max: 4 });
const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
await prisma.$executeRawUnsafe(`insert into users (email, vault_key) select 'v'||i||'@x', '\\x00' from generate_series(1,50) i on conflict do nothing`);
async function time(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await f();
  const n = 3000;
  const t0 = process.cpuUsage(); const w0 = performance.now();
  for (let i = 0; i < n; i++) await f();
  const c = process.cpuUsage(t0); const w = performance.now() - w0;
  console.log(name.padEnd(30), 'cpu µs/op', ((c.user + c.system) / n).toFixed(0), 'wall µs/op', ((w * 1000) / n).toFixed(0));
}
await time('pool.query count', () => pool.query('SELECT count(*)::int AS n FROM plans'));
await time('prisma.plan.count', () => prisma.plan.count());
await time('$queryRaw count', () => prisma.$queryRaw`SELECT count(*)::int AS n FROM plans`);
await time('prisma.user.findMany 20+type', () => prisma.user.findMany({ take: 20, orderBy: { id: 'asc' }, include: { type: true } }));
await time('prisma.user.findMany 20', () => prisma.user.findMany({ take: 20, orderBy: { id: 'asc' } }));
await time('$queryRaw users 20 join', () => prisma.$queryRaw`SELECT u.*, t.code FROM users u JOIN user_types t ON t.id = u.type_id ORDER BY u.id LIMIT 20`);
await time('pool users 20 join', () => pool.query(`SELECT u.*, t.code FROM users u JOIN user_types t ON t.id = u.type_id ORDER BY u.id LIMIT 20`));
await time('pool users 20 json', () => pool.query(`SELECT json_agg(x)::text FROM (SELECT u.id, u.email, u.created_at, t.code FROM users u JOIN user_types t ON t.id = u.type_id ORDER BY u.id LIMIT 20) x`));
await prisma.$disconnect();
