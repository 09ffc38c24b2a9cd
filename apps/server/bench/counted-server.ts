import type { Queryable } from '../src/db/db';
import { startServer } from '../src/index';
import type { RunningServer } from '../src/server';

/**
 * A demo server in memory for the benchmarks, with every SQL statement counted (inside
 * transactions too): `statements.count` since the last `statements.reset()`.
 */
export async function startCountedServer(): Promise<{
  server: RunningServer;
  statements: { readonly count: number; reset(): void };
}> {
  const server = await startServer({
    port: 0,
    dataDir: 'memory',
    logger: false,
    webDist: '/nonexistent',
  });
  let count = 0;
  const counted = <Q extends Queryable>(q: Q): Q => {
    const query = q.query.bind(q);
    q.query = ((sql: string, params?: readonly unknown[]) => {
      count++;
      return query(sql, params);
    }) as Q['query'];
    return q;
  };
  counted(server.db);
  const transaction = server.db.transaction.bind(server.db);
  server.db.transaction = (fn) => transaction((tx) => fn(counted(tx)));
  return {
    server,
    statements: {
      get count() {
        return count;
      },
      reset() {
        count = 0;
      },
    },
  };
}
