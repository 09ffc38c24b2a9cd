import type { Queryable } from '../db/db';

/** A tariff row (snake_case stays here and in the presenter). */
export interface TariffRow {
  id: number;
  code: string;
  audience: 'personal' | 'kindergarden' | 'school';
  subscription_type: 'kindergarden' | 'personal' | null;
  name_kz: string;
  name_ru: string;
  description_kz: string;
  description_ru: string;
  price: number | null;
  period_days: number;
}

const COLUMNS = `id, code, audience, subscription_type, name_kz, name_ru, description_kz,
  description_ru, price, period_days`;

export async function listTariffs(q: Queryable): Promise<TariffRow[]> {
  return q.query<TariffRow>(`SELECT ${COLUMNS} FROM tariffs WHERE active ORDER BY sort, id`);
}

export async function findTariffByCode(q: Queryable, code: string): Promise<TariffRow | null> {
  const rows = await q.query<TariffRow>(
    `SELECT ${COLUMNS} FROM tariffs WHERE code = $1 AND active`,
    [code],
  );
  return rows[0] ?? null;
}

export async function findTariffById(q: Queryable, id: number): Promise<TariffRow | null> {
  const rows = await q.query<TariffRow>(`SELECT ${COLUMNS} FROM tariffs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The feature flags of spec §9 that shape the tariff pages. */
export async function loadTariffFlags(
  q: Queryable,
): Promise<{ b2c: boolean; b2cVersion: boolean }> {
  const rows = await q.query<{ key: string; enabled: boolean }>(
    `SELECT key, enabled FROM feature_flags WHERE key IN ('tariff-b2c', 'tariff-versian-b2c')`,
  );
  const on = (key: string) => rows.some((r) => r.key === key && r.enabled);
  return { b2c: on('tariff-b2c'), b2cVersion: on('tariff-versian-b2c') };
}
