/**
 * Content catalogue benchmark (`npm run bench:catalogue -w @sabaq/server`; not a test). Fills the
 * catalogue with BENCH_ITEMS (100,000) published items whose titles are drawn from real kz/ru
 * lesson words (catalogue-demo.ts), stemmed as publishing stems them, then times catalogue
 * searches (the route's own SQL, `listCatalogue`, and the filter's subjects the route also asks
 * for) beside a plain `SELECT count(*)`, each after a few warm-up runs. PostgreSQL when
 * DATABASE_URL is set (a scratch schema, dropped afterwards), else PGlite in memory.
 * Goal: p99 < 50 ms.
 */
import { performance } from 'node:perf_hooks';
import { openDb } from '../src/db/db';
import { migrate } from '../src/db/migrations';
import { DEMO_SEED, MIGRATIONS } from '../src/server';
import { seedDemo } from '../src/demo-seed';
import { catalogueSubjects, listCatalogue } from '../src/catalogue/catalogue-queries';
import { CATALOGUE_SAMPLES } from '../src/catalogue/catalogue-demo';
import { searchTerms, tokenize } from '../src/catalogue/search-stem';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const url = process.env.DATABASE_URL;

const db = await openDb(
  url
    ? { databaseUrl: url, schema: `bench_catalogue_${process.pid}`, dropSchemaOnClose: true }
    : { dataDir: 'memory' },
);
await migrate(db, MIGRATIONS);
await seedDemo(db, DEMO_SEED);
await db.exec('ALTER TABLE catalogue_items SET (autovacuum_enabled = false)');
const [author] = await db.query<{ id: number; school_id: number }>(
  "SELECT id, school_id FROM users WHERE login = 'teacher'",
);

// A deterministic word pool from the demo titles and summaries (kz and ru).
const words = [
  ...new Set(CATALOGUE_SAMPLES.flatMap((s) => tokenize(`${s.title} ${s.summary}`))),
].filter((w) => w.length > 2 && !/^\d+$/.test(w));
const subjects = [...new Set(CATALOGUE_SAMPLES.map((s) => s.subject))];
let seedN = 1;
const rnd = (n: number) => {
  seedN = (seedN * 1103515245 + 12345) % 2147483648;
  return seedN % n;
};

const t0 = performance.now();
const BATCH = 2000;
for (let start = 0; start < ITEMS; start += BATCH) {
  const ids: string[] = [];
  const titles: string[] = [];
  const terms: string[] = [];
  const subj: string[] = [];
  const par: number[] = [];
  const langs: string[] = [];
  for (let i = start; i < Math.min(ITEMS, start + BATCH); i++) {
    const title = Array.from({ length: 3 + rnd(4) }, () => words[rnd(words.length)]).join(' ');
    ids.push(`bench-${i}`);
    titles.push(title);
    terms.push(
      `{${searchTerms(title)
        .map((t) => `"${t}"`)
        .join(',')}}`,
    );
    subj.push(subjects[rnd(subjects.length)]!);
    par.push(1 + rnd(11));
    langs.push(rnd(2) ? 'kz' : 'ru');
  }
  await db.query(
    `INSERT INTO drafts (id, owner_id, school_id, type, title, lang, version, status, doc, initial, published_at)
     SELECT id, $2, $3, 'lesson', title, lang, 1, 'published', '{}'::jsonb, '{}'::jsonb, now()
       FROM unnest($1::text[], $4::text[], $5::text[]) AS t(id, title, lang)`,
    [ids, author!.id, author!.school_id, titles, langs],
  );
  await db.query(
    `INSERT INTO catalogue_items (draft_id, version, owner_id, school_id, type, title, lang, subject, parallel, doc, search_terms, published_at)
     SELECT id, 1, $2, $3, 'lesson', title, lang, subject, parallel, '{}'::jsonb, terms::text[],
            now() - (random() * interval '365 days')
       FROM unnest($1::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[])
         AS t(id, title, lang, subject, parallel, terms)`,
    [ids, author!.id, author!.school_id, titles, langs, subj, par, terms],
  );
}
console.log(`filled ${ITEMS} items in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
// Statistics, but no vacuum: the state right after publishing, before autovacuum has merged
// anything (the GIN index's pending list, the visibility map). Autovacuum is kept off the
// table, so it cannot start in the middle of the timings and change that state (or the noise).
await db.exec('ANALYZE catalogue_items');

async function time(label: string, run: (i: number) => Promise<unknown>): Promise<void> {
  // Warm-up runs first (caches; the first reads of fresh rows also set their hint bits).
  for (let i = 0; i < WARMUP; i++) await run(i);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await run(i);
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
  console.log(`${label.padEnd(44)} p50 ${p(0.5).padStart(8)} ms   p99 ${p(0.99).padStart(8)} ms`);
}

const queries = ['судың', 'мектептегі', 'жануарлар', 'воды', 'уравнения', 'қазақ хандығының'];
console.log(`${url ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs each after ${WARMUP} warm-up runs`);
await time('SELECT count(*) FROM catalogue_items', () =>
  db.query('SELECT count(*) FROM catalogue_items'),
);
await time('list, no words (page 1)', () => listCatalogue(db, { page: 1, perPage: 20 }, 'kz'));
await time('search one kz/ru word (rotating)', (i) =>
  listCatalogue(db, { q: queries[i % queries.length], page: 1, perPage: 20 }, 'kz'),
);
await time('search + subject + parallel filters', (i) =>
  listCatalogue(
    db,
    { q: queries[i % queries.length], subject: 'geography', parallel: 5, page: 1, perPage: 20 },
    'ru',
  ),
);
await time('search two words, page 3', () =>
  listCatalogue(db, { q: 'судың айналымы', page: 3, perPage: 20 }, 'kz'),
);
// Not listCatalogue, but asked by the route on every list request (the filter's subjects).
await time('subjects of the filter (each list request)', () => catalogueSubjects(db, 'kz'));
await db.close();
