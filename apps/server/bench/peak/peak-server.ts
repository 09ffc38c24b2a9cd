/**
 * One server process of `npm run bench:peak` (peak.ts starts two on PostgreSQL, one on PGlite).
 * PEAK_DATABASE_URL (absent: PGlite in memory), PEAK_TREE (JSON TreeSize or empty), REDIS_URL.
 * Prints `READY <url>` once it listens, and closes on SIGTERM. On PGlite the bench cannot reach
 * the embedded database, so this process also answers the bench's SQL on a second loopback port
 * (`SQL <url>`, printed first): a bench-only side door, not part of the server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../../src/server';
import type { TreeSize } from '../../src/statistics/generator';

const url = process.env.PEAK_DATABASE_URL;
const tree = process.env.PEAK_TREE ? (JSON.parse(process.env.PEAK_TREE) as TreeSize) : null;
const server = await startServer({
  port: 0,
  dataDir: 'memory',
  webDist: '/nonexistent',
  ...(url ? { databaseUrl: url } : {}),
  statisticsTree: tree,
  statisticsRollupMs: 0,
});
if (!url) {
  const side = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { text, params } = JSON.parse(body) as { text: string; params: unknown[] };
      server.db.query(text, params).then(
        (rows) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows)),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
  });
  await new Promise<void>((resolve) => side.listen(0, '127.0.0.1', resolve));
  console.log(`SQL http://127.0.0.1:${(side.address() as AddressInfo).port}`);
}
console.log(`READY ${server.url}`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
