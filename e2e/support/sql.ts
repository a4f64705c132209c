import { createRequire } from 'node:module';
import { stack } from './fixtures';

// SQL on the stack's database, for states that no API call makes and the clock would take days to reach:
// a plan that ended two days ago, real (not sandbox) payments in past months (issue 15's flows). Only the
// billing flows use it; everything else goes through the API.

type Client = {
  connect(): Promise<void>;
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
};

// pg is the API's dependency; loaded from there rather than pinned a second time for the browser tests.
const fromApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const { Client: PgClient } = fromApi('pg') as {
  Client: new (options: { connectionString: string }) => Client;
};

export async function sql(text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new PgClient({ connectionString: stack().databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
