/**
 * `npm run seed:scale -w @sabaq/server`: the large statistics tree (statistics/generator.ts,
 * LARGE_TREE: ≈ 1,100 schools, ≈ 330,000 pupils, ≈ 15 million marks) in the PostgreSQL database
 * of DATABASE_URL, migrated and seeded with the demo data first when empty. Prints what it made
 * and how long it took. Run once per database (a second run finds the tree and stops).
 */
import { openDb } from '../src/db/db';
import { migrate } from '../src/db/migrations';
import { DEMO_SEED, MIGRATIONS } from '../src/server';
import { seedDemo } from '../src/demo-seed';
import { LARGE_TREE, generateTree } from '../src/statistics/generator';
import { schoolDate } from '../src/teaching/journal-access';
import { seedMonitoringResponses } from '../src/monitoring/monitoring-seed';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'seed:scale loads PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/sabaq)',
  );
  process.exit(2);
}
const started = Date.now();
const db = await openDb({ databaseUrl: url });
try {
  await migrate(db, MIGRATIONS);
  await seedDemo(db, DEMO_SEED);
  const today = schoolDate(Date.now());
  const made = await generateTree(db, LARGE_TREE, { seed: 2026, today });
  // The generated staff's monitoring questionnaires (monitoring/monitoring-seed.ts).
  const responses = made ? await seedMonitoringResponses(db, today) : 0;
  if (made) await db.query('ANALYZE');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!made) console.log('seed:scale: this database already has a generated tree; nothing written');
  else
    console.log(
      `seed:scale: ${made.schools} schools, ${made.pupils} pupils, ${made.marks} marks, ${responses} questionnaire responses in ${seconds} s`,
    );
} finally {
  await db.close();
}
