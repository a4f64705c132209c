// `node apps/api/dist/migrate.js`: applies pending migrations to DATABASE_URL and exits, for a release step
// that runs before the new API processes (the Kubernetes Job in deploy/kubernetes). The server applies them
// at start too, under the same advisory lock, so running both at once is safe (decision 0112). It reads the
// whole configuration as the server does, so a bad value fails the release step before any pod starts.
import { EnvError, loadEnv } from './env';
import { migrate, openDatabase } from './plugins/db/database';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  if (!env.DATABASE_URL) {
    // The embedded database belongs to one server process, which migrates it itself at start.
    process.stderr.write(
      'DATABASE_URL is not set: nothing to migrate (the server migrates its embedded database)\n',
    );
    return 1;
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: { info: say },
    poolMax: 1,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
  });
  try {
    const applied = await migrate(database);
    say(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
