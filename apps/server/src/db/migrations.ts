import type { Db } from './db';

/**
 * Migrations are code, applied in order at start inside one transaction guarded by an advisory
 * lock, so two processes starting together on one PostgreSQL never race. Each domain hands over
 * its own (`<domain>/domain.ts`, SQL in its `*-schema.ts`); the order they run in is one list,
 * `MIGRATION_ORDER` in `src/migration-order.ts`. Never edit a shipped migration; append a new one.
 */
export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}

const LOCK_KEY = 727_2026;

/**
 * Applies every migration of `migrations` (in the order given) that the database has not
 * recorded; returns the ids applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      applied.push(m.id);
    }
    return applied;
  });
}
