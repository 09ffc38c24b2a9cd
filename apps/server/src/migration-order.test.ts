import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './db/db';
import type { Db } from './db/db';
import { migrate } from './db/migrations';
import { inOrder } from './domain';
import { DEMO_SEED, DOMAINS, MIGRATIONS } from './server';

/**
 * The migrations as they shipped before the composition root moved them into the domains:
 * id, name and the first 16 hex digits of the SQL's sha256, in the order they were applied.
 * Existing databases recorded these ids, and a fresh one must end up identical, so this prefix
 * never changes: a new migration goes after it (migration-order.ts).
 */
const SHIPPED: ReadonlyArray<readonly [number, string, string]> = [
  [1, 'core', '468ed864d8c86b68'],
  [2, 'draft-initial-state', 'd79a3bce9c46c3fa'],
  [701, 'collab', '4a82bb36c634d213'],
  [702, 'collab-installation', 'c07bdcb00a1a1c13'],
  [801, 'teaching-core', '322ab1b7f948ac89'],
  [3, 'outbox-delivery', 'c68a0253be820418'],
  [802, 'teaching-subgroup-members', '975f33db82a10a6f'],
  [803, 'teaching-calendar-plans', '5b64ec8a249db5ac'],
  [601, 'builder-dictionaries', '5354e80d16defa88'],
  [602, 'builder-files', '44a281ddbdf498b9'],
  [900, 'periods-per-school', 'ae52b5a8a87b84d3'],
  [901, 'lesson-exam-window', '9bd70e69f142da05'],
  [902, 'lesson-keys-follow-content', '977781d95c89b6e6'],
  [1800, 'users-position-ru', '0c35bf33d6e71e64'],
  [1900, 'backoffice-archive', '1020868536b00db4'],
  [1950, 'backoffice-personnel-settings', 'b1dc4b559b505d14'],
  [2000, 'backoffice-timetable-rooms', '119d0c5cc53a419f'],
  [2100, 'files-service', '3f69ea4177291a55'],
  [2050, 'jobs-year-transition', 'a916b4ca53665753'],
  [2150, 'commerce-tariffs-ledger', 'ca90d1d719181ba7'],
  [2200, 'exam-sittings', '04223f79ae64c01d'],
  [2250, 'lesson-chat', 'a6a5cbb8669709de'],
  [2300, 'exam-results', 'eb0118583e295d57'],
  [2350, 'homework-marks-in-journal', '4092b17598db0afd'],
  [2450, 'site-content', 'd1174c4e349d1870'],
  [2400, 'media-catalogue', '71e8c86a8e24fa3e'],
  [2500, 'refunds', '1a3c7ce9ff3c1eee'],
  [2501, 'avatars', '42bb7eeb9fdf09a9'],
  [2650, 'statistics-rollup', '211025ae2d0ef8c5'],
  [2651, 'statistics-school-totals', '4e51e6b5f42055b9'],
  [2652, 'statistics-usage', '63c6d187739c9f97'],
  [2550, 'kindergarten-documents', 'ac9674f7f35489cc'],
  [2551, 'kindergarten-katalog', 'afed978baabaea25'],
  [2552, 'kindergarten-cyclogram', '5e5e52f836ac84d1'],
  [2553, 'kindergarten-document-files', '1846e3c0e4ed47f4'],
  [2560, 'development-cards', '9b43d9c436d37151'],
  [2710, 'monitoring-questionnaires', '285fc6aa86804871'],
  [2740, 'contests', '945f70ec4834512c'],
  [2600, 'content-catalogue', '6f14ba939fb8ecda'],
  [2700, 'development-notes', 'ff3b0cedeca49893'],
  [2730, 'methodical-cabinet', 'e7ee00aaf66ebeab'],
  [2720, 'kindergarten-perspective-plan', 'f5db5481075bf407'],
  [2750, 'courses', 'e55c4a7b52c9679c'],
  [2770, 'course-authoring', '9b0a49ee3ca795fa'],
  [2760, 'catalogue-search-speed', '20d0237163b83b06'],
];

const sha = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16);

describe('the composed migrations', () => {
  it('begin with every shipped migration, unchanged and in the order it was applied', () => {
    const composed = MIGRATIONS.slice(0, SHIPPED.length).map((m) => [m.id, m.name, sha(m.sql)]);
    expect(composed).toEqual(SHIPPED);
  });

  it('name every id once, and each domain hands over its own', () => {
    const ids = MIGRATIONS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const owners = DOMAINS.flatMap((d) => (d.migrations ?? []).map((m) => m.id));
    expect([...owners].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('every demo seed step of every domain runs, once', () => {
    const names = DOMAINS.flatMap((d) => (d.seed ?? []).map((s) => s.name));
    expect(DEMO_SEED.map((s) => s.name).sort()).toEqual([...names].sort());
    expect(DEMO_SEED[0]?.name).toBe('core.people');
  });

  it('an unplaced, missing or doubled entry stops the start with its key', () => {
    const items = [{ id: 1 }, { id: 2 }];
    expect(() => inOrder('migration', items, (m) => m.id, [1])).toThrow(/not in the order: 2/);
    expect(() => inOrder('migration', items, (m) => m.id, [1, 2, 3])).toThrow(/3 is in the order/);
    expect(() => inOrder('migration', items, (m) => m.id, [1, 2, 2])).toThrow(/listed twice/);
    expect(() => inOrder('migration', [...items, { id: 1 }], (m) => m.id, [1, 2])).toThrow(
      /handed over twice/,
    );
  });
});

describe('a database migrated before the composition root', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory' });
  }, 120_000);
  afterAll(async () => db?.close());

  it('applies only what came after the shipped migrations, then nothing', async () => {
    // The shipped ones, recorded as an existing database recorded them.
    const shipped = MIGRATIONS.slice(0, SHIPPED.length);
    expect(await migrate(db, shipped)).toEqual(SHIPPED.map(([id]) => id));
    const later = MIGRATIONS.slice(SHIPPED.length).map((m) => m.id);
    expect(await migrate(db, MIGRATIONS)).toEqual(later);
    expect(await migrate(db, MIGRATIONS)).toEqual([]);
  });
});
