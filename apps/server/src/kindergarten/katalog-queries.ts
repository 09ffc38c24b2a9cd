import type {
  EducationalArea,
  Material,
  MaterialCondition,
  MaterialInput,
  MaterialKind,
  PreschoolAgeGroup,
} from '@sabaq/platform';
import type { Queryable } from '../db/db';

interface DbRow {
  id: number;
  name_kz: string;
  name_ru: string;
  kind: MaterialKind;
  age_group: PreschoolAgeGroup;
  area: EducationalArea | null;
  quantity: number;
  place: string;
  condition: MaterialCondition;
}

const toMaterial = (r: DbRow): Material => ({
  id: r.id,
  name: { kz: r.name_kz, ru: r.name_ru },
  kind: r.kind,
  ageGroup: r.age_group,
  area: r.area,
  quantity: r.quantity,
  place: r.place,
  condition: r.condition,
});

/** The caller's kindergarten: its id and name when the caller's place is a kindergarten. */
export async function loadKindergarten(
  db: Queryable,
  schoolId: number | null,
): Promise<{ id: number; name: { kz: string; ru: string } } | null> {
  if (schoolId === null) return null;
  const rows = await db.query<{ id: number; name_kz: string; name_ru: string }>(
    "SELECT id, name_kz, name_ru FROM schools WHERE id = $1 AND kind = 'kindergarten'",
    [schoolId],
  );
  const row = rows[0];
  return row ? { id: row.id, name: { kz: row.name_kz, ru: row.name_ru } } : null;
}

/** A kindergarten's materials by the SQL filters; words are matched in Node (Kazakh letters). */
export async function listMaterials(
  db: Queryable,
  schoolId: number,
  filter: { kind?: MaterialKind; age?: PreschoolAgeGroup; area?: EducationalArea },
): Promise<Material[]> {
  const where = ['school_id = $1'];
  const args: unknown[] = [schoolId];
  for (const [column, value] of [
    ['kind', filter.kind],
    ['age_group', filter.age],
    ['area', filter.area],
  ] as const) {
    if (!value) continue;
    args.push(value);
    where.push(`${column} = $${args.length}`);
  }
  const rows = await db.query<DbRow>(
    `SELECT id, name_kz, name_ru, kind, age_group, area, quantity, place, condition
       FROM kindergarten_materials WHERE ${where.join(' AND ')} ORDER BY kind, name_kz, id`,
    args,
  );
  return rows.map(toMaterial);
}

export function matchesMaterial(m: Material, words: string | undefined): boolean {
  const wanted = (words ?? '').toLocaleLowerCase('kk').split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return true;
  const text = [m.name.kz, m.name.ru, m.place].join(' ').toLocaleLowerCase('kk');
  return wanted.every((word) => text.includes(word));
}

/** Whether the material is a row of this kindergarten (another's is "not found"). */
export async function ownsMaterial(db: Queryable, schoolId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM kindergarten_materials WHERE id = $1 AND school_id = $2',
    [id, schoolId],
  );
  return rows.length > 0;
}

const values = (m: MaterialInput) => [
  m.name.kz,
  m.name.ru,
  m.kind,
  m.ageGroup,
  m.area,
  m.quantity,
  m.place,
  m.condition,
];

export async function insertMaterial(
  db: Queryable,
  schoolId: number,
  m: MaterialInput,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO kindergarten_materials (name_kz, name_ru, kind, age_group, area, quantity, place,
        condition, school_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [...values(m), schoolId],
  );
  return rows[0]!.id;
}

export async function updateMaterial(
  db: Queryable,
  schoolId: number,
  id: number,
  m: MaterialInput,
): Promise<void> {
  await db.query(
    `UPDATE kindergarten_materials
        SET name_kz = $1, name_ru = $2, kind = $3, age_group = $4, area = $5, quantity = $6,
            place = $7, condition = $8, updated_at = now()
      WHERE id = $9 AND school_id = $10`,
    [...values(m), id, schoolId],
  );
}

export async function deleteMaterial(db: Queryable, schoolId: number, id: number): Promise<void> {
  await db.query('DELETE FROM kindergarten_materials WHERE id = $1 AND school_id = $2', [
    id,
    schoolId,
  ]);
}
