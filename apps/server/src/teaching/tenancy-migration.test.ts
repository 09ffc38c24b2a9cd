import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/db';
import type { Db } from '../db/db';
import { migrate } from '../db/migrations';
import { MIGRATIONS } from '../server';

/**
 * Migration 900 (issue 12) on a database from before it: periods were global, so a school and
 * a kindergarten shared them. Afterwards every period belongs to a school, the first school keeps
 * the old rows, and the kindergarten's timetable and SOR/SOCh point at its own copies.
 */
describe('migration 900: periods per school', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory' });
    await db.exec(
      'CREATE TABLE schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const m of MIGRATIONS.filter((x) => x.id < 900 || x.id > 949)) {
      await db.exec(m.sql);
      await db.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
    }
  }, 120_000);
  afterAll(async () => db?.close());

  it('backfills the first school and gives other schools their own copies', async () => {
    const q = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(sql, params))[0]!.id;
    const lang = await q(
      "INSERT INTO edu_langs (code, name_kz, name_ru) VALUES ('kz', 'Қазақ', 'Казахский') RETURNING id",
    );
    const subject = await q(
      "INSERT INTO subjects (code, name_kz, name_ru) VALUES ('math', 'Математика', 'Математика') RETURNING id",
    );
    const school = await q(
      "INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin) VALUES ('school', 'М', 'Ш', 'а', 'а', '1') RETURNING id",
    );
    const kindergarten = await q(
      "INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin) VALUES ('kindergarten', 'Б', 'Д', 'а', 'а', '2') RETURNING id",
    );
    const period = await q(
      `INSERT INTO periods (school_year, quarter, name_kz, name_ru, start_date, end_date, is_current)
       VALUES ('2026-2027', 1, 'I тоқсан', 'I четверть', '2026-09-01', '2026-10-26', true) RETURNING id`,
    );
    const group = (schoolId: number, parallel: number) =>
      q(
        "INSERT INTO groups (school_id, parallel, letter, edu_lang_id) VALUES ($1, $2, 'А', $3) RETURNING id",
        [schoolId, parallel, lang],
      );
    const g7 = await group(school, 7);
    const kg = await group(kindergarten, 0);
    for (const g of [g7, kg])
      await db.query(
        `INSERT INTO timetable_slots (group_id, period_id, weekday, lesson_no, shift, subject_id)
         VALUES ($1, $2, 1, 1, 1, $3)`,
        [g, period, subject],
      );
    await db.query(
      `INSERT INTO assessments (group_id, subject_id, period_id, kind, title, max_points, assessed_on)
       VALUES ($1, $2, $3, 'sor', 'СОР', 10, '2026-09-20')`,
      [kg, subject, period],
    );

    expect(await migrate(db, MIGRATIONS)).toEqual([900, 901, 902]);

    const periods = await db.query<{ id: number; school_id: number; is_current: boolean }>(
      'SELECT id, school_id, is_current FROM periods ORDER BY id',
    );
    expect(periods).toHaveLength(2);
    expect(periods[0]).toMatchObject({ id: period, school_id: school, is_current: true });
    expect(periods[1]).toMatchObject({ school_id: kindergarten, is_current: true });
    const used = await db.query<{ group_id: number; school_id: number }>(
      `SELECT x.group_id, p.school_id FROM (
         SELECT group_id, period_id FROM timetable_slots UNION ALL SELECT group_id, period_id FROM assessments
       ) x JOIN periods p ON p.id = x.period_id ORDER BY x.group_id`,
    );
    // Every row hangs on its own school's period.
    expect(used).toEqual([
      { group_id: g7, school_id: school },
      { group_id: kg, school_id: kindergarten },
      { group_id: kg, school_id: kindergarten },
    ]);
    await expect(
      db.query(
        "INSERT INTO periods (school_year, quarter, name_kz, name_ru, start_date, end_date) VALUES ('x', 1, 'a', 'a', '2026-09-01', '2026-10-01')",
      ),
    ).rejects.toThrow(/school_id/);
  });
});
