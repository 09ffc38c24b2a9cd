import type { Queryable } from '../db/db';
import { ADMIN_TREE, departmentName } from './admin-tree-data';

/**
 * Kazakhstan's regions and their district education departments (admin-tree-data.ts) beside the
 * demo region: Astana is the demo's own region (its city education office, with both demo
 * schools, stays its department), the other nineteen are added with theirs. Schools of the
 * other departments come with the statistics generator; until then their figures say "no data".
 */
export async function seedAdminTree(tx: Queryable, demoRegionId: number): Promise<void> {
  const names = { kz: [] as string[], ru: [] as string[], region: [] as number[] };
  for (const region of ADMIN_TREE) {
    const regionId =
      region.ru === 'город Астана'
        ? demoRegionId
        : (
            await tx.query<{ id: number }>(
              'INSERT INTO regions (name_kz, name_ru) VALUES ($1, $2) RETURNING id',
              [region.kz, region.ru],
            )
          )[0]!.id;
    for (const district of region.districts) {
      const name = departmentName(district);
      names.kz.push(name.kz);
      names.ru.push(name.ru);
      names.region.push(regionId);
    }
  }
  await tx.query(
    `INSERT INTO departments (region_id, name_kz, name_ru)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
    [names.region, names.kz, names.ru],
  );
}
