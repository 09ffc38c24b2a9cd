import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../db/db';
import type { DemoContext, SeedStep } from '../domain';
import {
  BANNERS,
  CLASS_7A,
  DEMO_PASSWORD,
  DEMO_USERS,
  DEPARTMENT,
  DOMAINS,
  EDU_LANGS,
  FEATURE_FLAG_VALUES,
  GROUP_LETTERS,
  KINDERGARTEN,
  KINDERGARTEN_GROUPS,
  LOCALITY,
  MENU,
  PERIODS,
  REGION,
  SCHOOL,
  SUBJECTS,
  TRANSLATIONS,
  makeIin,
} from './seed-data';
import { positionRuBackfill } from './positions';

/**
 * The core's part of the demo data (core/seed-data.ts): the place, the demo school and
 * kindergarten with their classes and calendars, a user for every role and 7А's pupils (the first
 * step of the demo seed, demo-seed.ts), and the platform's flags, translations, banners, domains
 * and menus (the last one). The ids the first step makes are what later steps build on.
 */
export interface CoreDemo {
  regionId: number;
  departmentId: number;
  localityId: number;
  schoolIds: Record<string, number>;
  langIds: Record<string, number>;
  subjectIds: Record<string, number>;
  /** `7А`, `kg-А`, … */
  groupIds: Record<string, number>;
  /** Demo users by login. */
  userIds: Record<string, number>;
  /** Index in PERIODS of the current quarter. */
  currentIndex: number;
  /** The demo teacher's password hash and the first pupil's (scrypt is slow: reused). */
  teacherPasswordHash: string;
  studentPasswordHash: string;
}

async function one<T>(q: Queryable, sql: string, params: unknown[]): Promise<T> {
  const rows = await q.query<T>(sql, params);
  const row = rows[0];
  if (!row) throw new Error(`seed: no row from ${sql.slice(0, 40)}`);
  return row;
}

async function seedPeople(tx: Queryable, demo: DemoContext): Promise<void> {
  const now = demo.now;
  const students = CLASS_7A.map(([firstname, surname, gender], i) => ({
    firstname,
    surname,
    gender,
    born: `2013-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
  }));
  // In parallel on libuv's pool: scrypt is the slow part.
  const hashes = await Promise.all(
    [
      ...DEMO_USERS.map((u) => u.password ?? DEMO_PASSWORD),
      ...students.map(() => DEMO_PASSWORD),
    ].map((p) => hashPassword(p)),
  );
  const region = await one<{ id: number }>(
    tx,
    'INSERT INTO regions (name_kz, name_ru) VALUES ($1, $2) RETURNING id',
    [REGION.name_kz, REGION.name_ru],
  );
  const department = await one<{ id: number }>(
    tx,
    'INSERT INTO departments (region_id, name_kz, name_ru) VALUES ($1, $2, $3) RETURNING id',
    [region.id, DEPARTMENT.name_kz, DEPARTMENT.name_ru],
  );
  const locality = await one<{ id: number }>(
    tx,
    'INSERT INTO localities (department_id, name_kz, name_ru) VALUES ($1, $2, $3) RETURNING id',
    [department.id, LOCALITY.name_kz, LOCALITY.name_ru],
  );
  const schoolIds: Record<string, number> = {};
  for (const s of [SCHOOL, KINDERGARTEN]) {
    const row = await one<{ id: number }>(
      tx,
      `INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin, locality_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [s.kind, s.name_kz, s.name_ru, s.address_kz, s.address_ru, s.bin, locality.id],
    );
    schoolIds[s.kind] = row.id;
  }
  const langIds: Record<string, number> = {};
  for (const l of EDU_LANGS) {
    const row = await one<{ id: number }>(
      tx,
      'INSERT INTO edu_langs (code, name_kz, name_ru) VALUES ($1, $2, $3) RETURNING id',
      [l.code, l.name_kz, l.name_ru],
    );
    langIds[l.code] = row.id;
  }
  const subjectIds: Record<string, number> = {};
  for (const s of SUBJECTS) {
    const row = await one<{ id: number }>(
      tx,
      'INSERT INTO subjects (code, name_kz, name_ru) VALUES ($1, $2, $3) RETURNING id',
      [s.code, s.name_kz, s.name_ru],
    );
    subjectIds[s.code] = row.id;
  }
  const groupIds: Record<string, number> = {};
  for (let parallel = 1; parallel <= 11; parallel++) {
    for (const g of GROUP_LETTERS) {
      const row = await one<{ id: number }>(
        tx,
        'INSERT INTO groups (school_id, parallel, letter, edu_lang_id) VALUES ($1, $2, $3, $4) RETURNING id',
        [schoolIds.school, parallel, g.letter, langIds[g.lang]],
      );
      groupIds[`${parallel}${g.letter}`] = row.id;
    }
  }
  for (const g of KINDERGARTEN_GROUPS) {
    const row = await one<{ id: number }>(
      tx,
      'INSERT INTO groups (school_id, parallel, letter, edu_lang_id) VALUES ($1, 0, $2, $3) RETURNING id',
      [schoolIds.kindergarten, g.letter, langIds[g.lang]],
    );
    groupIds[`kg-${g.letter}`] = row.id;
  }
  const g7a = groupIds['7А'];
  for (const [code, name] of [
    ['english', '1-топ'],
    ['english', '2-топ'],
    ['informatics', '1-топ'],
    ['informatics', '2-топ'],
  ] as const) {
    await tx.query('INSERT INTO subgroups (group_id, subject_id, name) VALUES ($1, $2, $3)', [
      g7a,
      subjectIds[code],
      name,
    ]);
  }
  const today = now.toISOString().slice(0, 10);
  const currentIndex = Math.max(
    0,
    PERIODS.findLastIndex((p) => p.start <= today),
  );
  // Each school keeps its own calendar (periods.school_id, migration 900).
  for (const schoolId of Object.values(schoolIds))
    for (const [i, p] of PERIODS.entries()) {
      await tx.query(
        `INSERT INTO periods (school_id, school_year, quarter, name_kz, name_ru, start_date, end_date, is_current)
         VALUES ($1, '2026-2027', $2, $3, $4, $5, $6, $7)`,
        [schoolId, p.quarter, p.kz, p.ru, p.start, p.end, i === currentIndex],
      );
    }

  const userIds: Record<string, number> = {};
  for (const [i, u] of DEMO_USERS.entries()) {
    const place = u.place;
    const row = await one<{ id: number }>(
      tx,
      `INSERT INTO users (login, iin, email, password_hash, default_pass, role, subrole, position,
                          firstname, surname, lastname, gender, born_date, phone, school_id, group_id,
                          region_id, department_id, balance, chat_token)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20) RETURNING id`,
      [
        u.login,
        makeIin(u.born, u.gender, 1000 + i),
        u.email,
        hashes[i],
        u.defaultPass ?? false,
        u.role,
        u.subrole ?? null,
        u.position ?? null,
        u.firstname,
        u.surname,
        u.lastname ?? null,
        u.gender,
        u.born,
        u.phone,
        place === 'school'
          ? schoolIds.school
          : place === 'kindergarten'
            ? schoolIds.kindergarten
            : null,
        u.group ? groupIds[u.group] : null,
        place === 'none' ? null : region.id,
        place === 'department' || place === 'school' || place === 'kindergarten'
          ? department.id
          : null,
        u.balance ?? 0,
        randomBytes(16).toString('hex'),
      ],
    );
    userIds[u.login] = row.id;
    if (u.subscription) {
      await tx.query(
        `INSERT INTO subscriptions (user_id, type, tariff_type, is_demo, group_name, locked, ends_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          row.id,
          u.subscription.type,
          u.subscription.tariff,
          u.subscription.demo ?? false,
          u.subscription.type === 'kindergarden' ? 'Балабақша' : null,
          u.subscription.locked ?? false,
          '2027-08-31T23:59:59Z',
        ],
      );
    }
  }
  for (const [i, s] of students.entries()) {
    // Pupils got the school's initial password: the forced-change rule applies to those whose
    // id ends in 0 (spec §6), which the web app decides from userId and defaultPass.
    await tx.query(
      `INSERT INTO users (iin, password_hash, default_pass, role, firstname, surname, gender, born_date,
                          school_id, group_id, region_id, department_id, chat_token)
       VALUES ($1, $2, true, 'student', $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        makeIin(s.born, s.gender, 2000 + i),
        hashes[DEMO_USERS.length + i],
        s.firstname,
        s.surname,
        s.gender,
        s.born,
        schoolIds.school,
        g7a,
        region.id,
        department.id,
        randomBytes(16).toString('hex'),
      ],
    );
  }
  await tx.query('INSERT INTO group_personnel (group_id, user_id) VALUES ($1, $2), ($1, $3)', [
    g7a,
    userIds['group-lead'],
    userIds.teacher,
  ]);
  await tx.query('INSERT INTO group_personnel (group_id, user_id) VALUES ($1, $2)', [
    groupIds['kg-А'],
    userIds.kindergarten,
  ]);
  demo.core = {
    regionId: region.id,
    departmentId: department.id,
    localityId: locality.id,
    schoolIds,
    langIds,
    subjectIds,
    groupIds,
    userIds,
    currentIndex,
    teacherPasswordHash: hashes[DEMO_USERS.findIndex((u) => u.login === 'teacher')] as string,
    studentPasswordHash: hashes[DEMO_USERS.length] as string,
  };
}

async function seedSettings(tx: Queryable): Promise<void> {
  for (const [key, enabled] of Object.entries(FEATURE_FLAG_VALUES)) {
    await tx.query('INSERT INTO feature_flags (key, enabled) VALUES ($1, $2)', [key, enabled]);
  }
  for (const [key, v] of Object.entries(TRANSLATIONS)) {
    await tx.query(
      "INSERT INTO translations (key, locale, value) VALUES ($1, 'kz', $2), ($1, 'ru', $3)",
      [key, v.kz, v.ru],
    );
  }
  for (const [i, b] of BANNERS.entries()) {
    await tx.query(
      'INSERT INTO banners (image, external_link, title_kz, title_ru, position) VALUES ($1, $2, $3, $4, $5)',
      [b.image, b.link, b.kz, b.ru, i],
    );
  }
  for (const d of DOMAINS) {
    await tx.query('INSERT INTO domains (domain, kind, name_kz, name_ru) VALUES ($1, $2, $3, $4)', [
      d.domain,
      d.kind,
      d.kz,
      d.ru,
    ]);
  }
  for (const [role, items] of Object.entries(MENU)) {
    for (const [i, m] of items.entries()) {
      await tx.query(
        'INSERT INTO menu_permissions (role, path, name_kz, name_ru, position) VALUES ($1, $2, $3, $4, $5)',
        [role, m.path, m.kz, m.ru, i],
      );
    }
  }
}

export const CORE_SEED: readonly SeedStep[] = [
  { name: 'core.people', run: seedPeople },
  // Every demo job title in Russian too (core/positions.ts), once every step made its staff.
  { name: 'core.positions-ru', run: (tx) => tx.exec(positionRuBackfill()) },
  { name: 'core.settings', run: (tx) => seedSettings(tx) },
];
