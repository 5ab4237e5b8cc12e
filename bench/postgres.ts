// PostgreSQL helpers the benchmarks share: they make and drop their own databases on one server.
import pg from 'pg';

/** The address of `database` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `run` with a client connected to `serverUrl`, closed afterwards whatever happens. */
export async function withClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
