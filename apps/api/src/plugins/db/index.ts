import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Prisma } from './database';

declare module 'fastify' {
  interface FastifyInstance {
    prisma: Prisma;
    db: Database;
  }
}

/** Exposes an already opened and migrated database; buildApp's caller owns its life cycle. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database }) {
    app.decorate('db', opts.database);
    app.decorate('prisma', opts.database.prisma);
  },
  { name: 'db' },
);
