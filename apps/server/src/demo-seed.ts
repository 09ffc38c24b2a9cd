import type { Db } from './db/db';
import type { DemoContext, SeedStep } from './domain';

/**
 * The order of the demo seed's steps (each domain hands over its own, `Domain.seed`): the one
 * place it is defined. A step may use what earlier ones made (the core's ids, the administrator,
 * published content to index), so new steps go where their data exists, usually at the end.
 */
export const DEMO_SEED_ORDER: readonly string[] = [
  'core.people',
  'teaching.demo-school',
  'teaching.second-school',
  'backoffice.archived-class',
  'commerce.tariffs',
  'media.demo',
  'site.content',
  'kindergarten.documents',
  'kindergarten.perspective-plan',
  'methodical.materials',
  'development.cards',
  // After the site's administrator exists.
  'commerce.refund',
  'statistics.admin-tree',
  'monitoring.questionnaires',
  // Once every step made its staff.
  'core.positions-ru',
  // After every step that publishes content.
  'catalogue.demo',
  'contests.demo',
  'courses.demo',
  'core.settings',
];

/**
 * Seeds the demo data once (when there are no users yet), every step in one transaction: a
 * failure leaves nothing half-written. Returns whether it seeded.
 */
export async function seedDemo(
  db: Db,
  steps: readonly SeedStep[],
  now = new Date(),
): Promise<boolean> {
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if ((existing[0]?.n ?? 0) > 0) return false;
  const demo: DemoContext = { now };
  return db.transaction(async (tx) => {
    // Processes started together on an empty database: one seeds, the others find it seeded.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if ((row?.n ?? 0) > 0) return false;
    for (const step of steps) await step.run(tx, demo);
    return true;
  });
}

const SEED_LOCK = 727_2027;
