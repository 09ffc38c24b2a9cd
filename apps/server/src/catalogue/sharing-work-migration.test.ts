import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/db';
import type { Db } from '../db/db';
import { migrate } from '../db/migrations';
import { MIGRATIONS } from '../server';

/**
 * Migrations 2821 and 2822 (issue 28) on a database from before them: every published SOR/SOCh
 * had entered the shared catalogue on its own, and teacher-course modules were marked done by
 * hand. Afterwards the exams are unshared (their drafts, counts and everything else as they
 * were), and the hand marks of learners without a certificate are taken back; certificate
 * holders and correction courses keep theirs.
 */
const ISSUE_28 = new Set([2821, 2822]);

describe('migrations 2821–2822: exams leave the shared catalogue, hand marks are taken back', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory' });
    await db.exec(
      'CREATE TABLE schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const m of MIGRATIONS.filter((x) => !ISSUE_28.has(x.id))) {
      await db.exec(m.sql);
      await db.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
    }
  }, 120_000);
  afterAll(async () => db?.close());

  it('unshares the exams and keeps the lessons; takes back hand marks but not a certificate’s', async () => {
    const id = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(sql, params))[0]!.id;
    const school = await id(
      "INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin) VALUES ('school', 'М', 'Ш', 'а', 'а', '1') RETURNING id",
    );
    const user = (login: string, role: string) =>
      id(
        `INSERT INTO users (login, role, firstname, surname, school_id) VALUES ($1, $2, 'Аты', 'Тегі', $3) RETURNING id`,
        [login, role, school],
      );
    const author = await user('author', 'teacher');
    const learner = await user('learner', 'teacher');
    const holder = await user('holder', 'teacher');
    const pupil = await user('pupil', 'student');
    for (const [draft, type] of [
      ['old-sor', 'sor'],
      ['old-soch', 'soch'],
      ['old-lecture', 'lecture'],
    ] as const) {
      await db.query(
        `INSERT INTO drafts (id, owner_id, school_id, type, title, version, status, doc, initial, published_at)
         VALUES ($1, $2, $3, $4, $1, 1, 'published', '{}', '{}', now())`,
        [draft, author, school, type],
      );
      // As every publish did before: into the catalogue, whatever the type.
      await db.query(
        `INSERT INTO catalogue_items (draft_id, version, owner_id, school_id, type, title, doc, search_terms)
         VALUES ($1, 1, $2, $3, $4, $1, '{}', '{}')`,
        [draft, author, school, type],
      );
    }
    const teacherCourse = await id(
      `INSERT INTO courses (kind, title_kz, title_ru, description_kz, description_ru)
       VALUES ('teacher', 'К', 'К', 'С', 'С') RETURNING id`,
    );
    const correction = await id(
      `INSERT INTO courses (kind, title_kz, title_ru, description_kz, description_ru)
       VALUES ('correction', 'Т', 'Т', 'С', 'С') RETURNING id`,
    );
    const module = (course: number) =>
      id(
        `INSERT INTO course_modules (course_id, position, title_kz, title_ru, draft_id)
         VALUES ($1, 1, 'М', 'М', 'old-lecture') RETURNING id`,
        [course],
      );
    const taught = await module(teacherCourse);
    const corrected = await module(correction);
    for (const u of [learner, holder])
      await db.query('INSERT INTO course_progress (module_id, user_id) VALUES ($1, $2)', [
        taught,
        u,
      ]);
    await db.query('INSERT INTO course_progress (module_id, user_id) VALUES ($1, $2)', [
      corrected,
      pupil,
    ]);
    await db.query(
      `INSERT INTO course_certificates (code, course_id, user_id, holder, percent)
       VALUES ('OLD-CERT', $1, $2, 'Тегі Аты', 90)`,
      [teacherCourse, holder],
    );

    expect(await migrate(db, MIGRATIONS)).toEqual([2821, 2822]);

    const items = await db.query<{ draft_id: string; shared: boolean }>(
      'SELECT draft_id, shared FROM catalogue_items ORDER BY draft_id',
    );
    expect(items).toEqual([
      { draft_id: 'old-lecture', shared: true },
      { draft_id: 'old-soch', shared: false },
      { draft_id: 'old-sor', shared: false },
    ]);
    const counts = await db.query<{ type: string; n: number }>(
      'SELECT type, n::int AS n FROM catalogue_type_counts WHERE n > 0 ORDER BY type',
    );
    expect(counts).toEqual([{ type: 'lecture', n: 1 }]);
    const drafts = await db.query<{ id: string; status: string; shared: boolean }>(
      'SELECT id, status, shared_at IS NOT NULL AS shared FROM drafts ORDER BY id',
    );
    expect(drafts.every((d) => d.status === 'published' && !d.shared)).toBe(true);
    const progress = await db.query<{ module_id: number; user_id: number }>(
      'SELECT module_id, user_id FROM course_progress ORDER BY module_id, user_id',
    );
    expect(progress).toEqual([
      { module_id: taught, user_id: holder },
      { module_id: corrected, user_id: pupil },
    ]);
    expect(
      (await db.query<{ code: string }>('SELECT code FROM course_certificates')).map((r) => r.code),
    ).toEqual(['OLD-CERT']);
    const minutes = await db.query<{ min_minutes: number }>('SELECT min_minutes FROM courses');
    expect(minutes.every((c) => c.min_minutes === 0)).toBe(true);
  });
});
