import type { Queryable } from '../db/db';
import type { SubscriptionDates } from './subscription-state';

interface SubscriptionDbRow {
  id: number;
  type: 'kindergarden' | 'personal';
  tariff_type: string;
  is_demo: boolean;
  locked: boolean;
  starts_at: string | Date;
  ends_at: string | Date | null;
  tariff_name_kz: string | null;
  tariff_name_ru: string | null;
}

export interface SubscriptionRecord extends SubscriptionDates {
  id: number;
  type: 'kindergarden' | 'personal';
  tariffCode: string;
  isDemo: boolean;
  tariffName: { kz: string; ru: string } | null;
}

function toRecord(r: SubscriptionDbRow): SubscriptionRecord {
  return {
    id: r.id,
    type: r.type,
    tariffCode: r.tariff_type,
    isDemo: r.is_demo,
    locked: r.locked,
    startsAt: new Date(r.starts_at),
    endsAt: r.ends_at === null ? null : new Date(r.ends_at),
    tariffName:
      r.tariff_name_kz && r.tariff_name_ru ? { kz: r.tariff_name_kz, ru: r.tariff_name_ru } : null,
  };
}

/** Every subscription of the user, newest first. */
export async function loadSubscriptions(
  q: Queryable,
  userId: number,
): Promise<SubscriptionRecord[]> {
  const rows = await q.query<SubscriptionDbRow>(
    `SELECT s.id, s.type, s.tariff_type, s.is_demo, s.locked, s.starts_at, s.ends_at,
            t.name_kz AS tariff_name_kz, t.name_ru AS tariff_name_ru
       FROM subscriptions s
       -- Older and demo subscriptions carry only the tariff's code: its name is found by it.
       LEFT JOIN tariffs t ON t.id = s.tariff_id OR (s.tariff_id IS NULL AND t.code = s.tariff_type)
      WHERE s.user_id = $1
      ORDER BY s.ends_at DESC NULLS FIRST, s.id DESC`,
    [userId],
  );
  return rows.map(toRecord);
}

export async function insertSubscription(
  q: Queryable,
  row: {
    userId: number;
    type: 'kindergarden' | 'personal';
    tariffId: number;
    tariffCode: string;
    startsAt: Date;
    endsAt: Date;
  },
): Promise<number> {
  const [inserted] = await q.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, type, tariff_type, tariff_id, is_demo, group_name, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, false, $5, $6, $7) RETURNING id`,
    [
      row.userId,
      row.type,
      row.tariffCode,
      row.tariffId,
      row.type === 'kindergarden' ? 'Балабақша' : null,
      row.startsAt.toISOString(),
      row.endsAt.toISOString(),
    ],
  );
  return (inserted as { id: number }).id;
}
