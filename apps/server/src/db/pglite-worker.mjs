// The embedded database's thread. PGlite runs PostgreSQL compiled to WASM: every statement
// executes synchronously on the thread that calls it, so on the server's main thread a write
// would stall every socket for its duration (live co-editing feels that first). Here it runs on
// its own thread; db.ts talks to it by message. Plain JavaScript so that it loads the same way
// under `node`, tsx and vitest. Requests are executed strictly in arrival order; db.ts keeps
// statements of other callers out of an open transaction.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Error fields PostgreSQL reports (code, detail, …) survive the trip back to the caller. */
function plainError(err) {
  const out = { message: err instanceof Error ? err.message : String(err) };
  if (err && typeof err === 'object')
    for (const k of [
      'code',
      'detail',
      'hint',
      'severity',
      'constraint',
      'table',
      'column',
      'schema',
      'position',
    ])
      if (err[k] !== undefined) out[k] = err[k];
  return out;
}

const { dataDir, loadDataDir } = workerData;
let lite;
try {
  lite = await PGlite.create(dataDir, loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {});
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: plainError(err) });
  process.exit(1);
}

/**
 * A failure of the WASM engine itself (an abort, a trap), not of a statement: the instance is
 * unusable from here on, so the thread ends and db.ts opens the data directory again on a new one.
 */
function isEngineFailure(err) {
  if (typeof WebAssembly !== 'undefined' && err instanceof WebAssembly.RuntimeError) return true;
  const message = err instanceof Error ? err.message : String(err);
  return /^Aborted\(|unreachable|memory access out of bounds/i.test(message);
}

// One at a time, in order: PGlite is a single connection.
let chain = Promise.resolve();
parentPort.on('message', (m) => {
  chain = chain.then(async () => {
    try {
      if (m.op === 'query') {
        const res = await lite.query(m.sql);
        parentPort.postMessage({ id: m.id, rows: res.rows });
      } else if (m.op === 'exec') {
        await lite.exec(m.sql);
        parentPort.postMessage({ id: m.id });
      } else if (m.op === 'close') {
        await lite.close();
        parentPort.postMessage({ id: m.id });
      } else {
        throw new Error(`unknown op ${m.op}`);
      }
    } catch (err) {
      const engine = isEngineFailure(err);
      parentPort.postMessage({ id: m.id, error: plainError(err), engine });
      if (engine) process.exit(70);
    }
  });
});
