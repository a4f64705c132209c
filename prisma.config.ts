import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI only (generate, migrate status/diff). The server applies migrations itself:
// see apps/api/src/plugins/db/migrate.ts and docs/decisions/0002-database.md.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
