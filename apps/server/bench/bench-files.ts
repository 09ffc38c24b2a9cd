/**
 * File service benchmark (`npm run bench:files -w @sabaq/server`; not a test). A 200 MB video
 * (BENCH_FILE_MB) is uploaded twice while the process's resident memory is sampled every 20 ms:
 *  1. as one streamed multipart POST;
 *  2. as a resumable (tus) upload that is cut off part-way (the socket destroyed), asked for its
 *     offset (HEAD) and resumed from there.
 * Each upload is then downloaded (streamed) and its sha256 compared with the bytes sent, and
 * a Range read checks one slice. Prints baseline and peak RSS: streaming means the peak stays
 * flat (goal: under +60 MB over the baseline, whatever the file's size). Exits 1 when a check
 * fails. Client and server share this process, so the figure covers both.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startServer } from '../src/index';
import { login } from '../src/test/harness';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_FILE_MB ?? 200) * MB;
const BLOCK = MB;
const LIMIT_MB = 60;

/** One block of the test video: an MP4 `ftyp` box first, then bytes that differ per block. */
const base = Buffer.alloc(BLOCK);
for (let i = 0; i < BLOCK; i++) base[i] = (i * 2654435761) >>> 24;
function block(index: number): Buffer {
  const out = Buffer.from(base);
  out.writeUInt32BE(index, 16);
  if (index === 0) {
    out.writeUInt32BE(24, 0);
    out.write('ftypisom', 4, 'latin1');
    out.writeUInt32BE(0x200, 12);
    out.write('isomiso2', 16, 'latin1');
  }
  return out;
}
/** The file's bytes from `offset` on, one block at a time (never the whole file in memory). */
function* bytesFrom(offset: number): Generator<Buffer> {
  for (let index = Math.floor(offset / BLOCK); index * BLOCK < SIZE; index++) {
    const chunk = block(index).subarray(0, Math.min(BLOCK, SIZE - index * BLOCK));
    const skip = Math.max(0, offset - index * BLOCK);
    yield skip ? chunk.subarray(skip) : chunk;
  }
}
const expected = (() => {
  const hash = createHash('sha256');
  for (const chunk of bytesFrom(0)) hash.update(chunk);
  return hash.digest('hex');
})();

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};

const server = await startServer({ port: 0, dataDir: 'memory', logger: false, webDist: '/x' });
const url = new URL(server.url);
const token = (await login(server, 'teacher')).access_token;
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
const baseline = process.memoryUsage().rss;
peak = baseline;
const sampler = setInterval(sample, 20);
const failures: string[] = [];

/** Sends `chunks` as a request body with backpressure; `stopAfter` bytes cuts the socket. */
function send(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  chunks: Iterable<Buffer>,
  stopAfter = Infinity,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { authorization: `Bearer ${token}`, ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => (body += text));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    let sent = 0;
    req.on('error', (err) =>
      sent >= stopAfter ? resolve({ status: 0, headers: {}, body: 'cut' }) : reject(err),
    );
    const iterator = chunks[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (sent >= stopAfter) {
          // The connection drops mid-upload (a phone losing its network).
          req.destroy();
          setTimeout(() => resolve({ status: 0, headers: {}, body: 'cut' }), 300);
          return;
        }
        const next = iterator.next();
        if (next.done) return void req.end();
        sent += next.value.length;
        if (!req.write(next.value)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

/** Downloads `path` as a stream and hashes it. */
function download(
  path: string,
  range?: string,
): Promise<{ status: number; sha: string; size: number; head: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) },
      },
      (res) => {
        const hash = createHash('sha256');
        let size = 0;
        let head = Buffer.alloc(0);
        res.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64)]);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, sha: hash.digest('hex'), size, head }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function check(label: string, fileUrl: string) {
  const started = performance.now();
  const got = await download(fileUrl);
  const ok = got.status === 200 && got.size === SIZE && got.sha === expected;
  console.log(
    `  download ${label}: ${got.status}, ${(got.size / MB).toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s, sha256 ${ok ? 'identical' : `DIFFERS (${got.sha})`}`,
  );
  if (!ok) failures.push(`${label}: download differs`);
  const at = SIZE - 100 * 1000;
  const slice = await download(fileUrl, `bytes=${at}-${at + 9}`);
  const want = [...bytesFrom(at)][0]!.subarray(0, 10);
  const rangeOk = slice.status === 206 && slice.head.subarray(0, 10).equals(want);
  console.log(`  range ${label}: ${slice.status}, ${rangeOk ? 'right bytes' : 'WRONG BYTES'}`);
  if (!rangeOk) failures.push(`${label}: range`);
}

try {
  console.log(`File service bench: ${SIZE / MB} MB, baseline RSS ${(baseline / MB).toFixed(0)} MB`);

  // 1. One streamed multipart POST.
  const boundary = 'bench-files-boundary';
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="видео.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  let started = performance.now();
  const multipart = await send(
    'POST',
    '/api/v2/os/files?use=homework',
    {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': opening.length + SIZE + closing.length,
    },
    (function* () {
      yield opening;
      yield* bytesFrom(0);
      yield closing;
    })(),
  );
  const multipartFile = JSON.parse(multipart.body).data;
  console.log(
    `  multipart upload: ${multipart.status} in ${((performance.now() - started) / 1000).toFixed(1)} s (${multipartFile?.mime})`,
  );
  if (multipart.status !== 201) failures.push(`multipart: ${multipart.status} ${multipart.body}`);
  else await check('multipart', multipartFile.url);
  const afterMultipart = peak;

  // 2. Resumable: created, cut at 45 %, offset asked, resumed.
  started = performance.now();
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await send(
    'POST',
    '/api/v2/os/files/uploads',
    {
      'tus-resumable': '1.0.0',
      'upload-length': SIZE,
      'upload-metadata': `filename ${b64('сабақ.mp4')},use ${b64('homework')}`,
    },
    [],
  );
  const location = String(created.headers.location);
  const patchHeaders = (offset: number) => ({
    'tus-resumable': '1.0.0',
    'upload-offset': offset,
    'content-type': 'application/offset+octet-stream',
    'content-length': SIZE - offset,
  });
  await send('PATCH', location, patchHeaders(0), bytesFrom(0), Math.floor(SIZE * 0.45));
  const head = await send('HEAD', location, { 'tus-resumable': '1.0.0' }, []);
  const offset = Number(head.headers['upload-offset']);
  console.log(
    `  resumable: cut after ${((SIZE * 0.45) / MB).toFixed(0)} MB sent; server kept ${(offset / MB).toFixed(1)} MB (HEAD)`,
  );
  if (!(offset > 0 && offset < SIZE)) failures.push(`resumable: offset ${offset}`);
  const resumed = await send('PATCH', location, patchHeaders(offset), bytesFrom(offset));
  console.log(
    `  resumable: resumed from ${offset} → ${resumed.status}, offset ${resumed.headers['upload-offset']}, ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
  );
  if (resumed.status !== 204) failures.push(`resume: ${resumed.status} ${resumed.body}`);
  const status = await new Promise<string>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: location,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.on('data', (text) => (body += text));
        res.on('end', () => resolve(body));
      },
    );
    req.end();
  });
  const resumableFile = JSON.parse(status).data.file;
  if (!resumableFile) failures.push('resumable: no file');
  else await check('resumable', resumableFile.url);

  clearInterval(sampler);
  sample();
  const grow = (peak - baseline) / MB;
  console.log(
    `Peak RSS ${(peak / MB).toFixed(0)} MB: +${grow.toFixed(1)} MB over the baseline (after the multipart upload +${((afterMultipart - baseline) / MB).toFixed(1)} MB); goal < +${LIMIT_MB} MB`,
  );
  if (grow >= LIMIT_MB) failures.push(`peak RSS +${grow.toFixed(1)} MB`);
} finally {
  clearInterval(sampler);
  await server.close();
}
if (failures.length) {
  console.log(`FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('All checks passed.');
