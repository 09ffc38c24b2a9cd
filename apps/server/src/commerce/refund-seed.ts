import type { Queryable } from '../db/db';
import { refundDescription } from './refund-texts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo of a refund (issue 19), seeded after the administrator exists (site-seed.ts): `refund`, an
 * individual teacher, topped up 5 990 ₸ by card three days ago, bought the personal month from
 * the balance, and the administrator refunded it the next day: the money is back on the balance,
 * the month ended at the refund, and the balance page shows all three rows with their receipts.
 */
export async function seedRefundDemo(tx: Queryable, now: Date): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const [user] = await tx.query<{ id: number }>(
    `INSERT INTO users (login, password_hash, role, firstname, surname, gender, born_date, position,
                        email, phone, chat_token, balance)
     SELECT 'refund', password_hash, 'individual', 'Айгерім', 'Нұрланова', 'w', '1992-04-12',
            'Жеке оқытушы', 'aigerim.nurlanova@demo.sabaq.kz', '77011234522',
            md5(random()::text), 5990
       FROM users WHERE login = 'locked' RETURNING id`,
  );
  if (!user) return;
  const [sub] = await tx.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, type, tariff_type, tariff_id, is_demo, starts_at, ends_at)
     SELECT $1, 'personal', 'personal-month', t.id, false, $2, $3
       FROM tariffs t WHERE t.code = 'personal-month' RETURNING id`,
    [user.id, at(-3), at(-2)],
  );
  await tx.query(
    `INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz, description_ru, created_at)
     VALUES ($1, 'top_up', 5990, 5990, 'Балансты картамен толтыру', 'Пополнение баланса картой', $2)`,
    [user.id, at(-3)],
  );
  const purchaseText = { kz: 'Тарифті сатып алу: Жеке: ай', ru: 'Покупка тарифа: Личный: месяц' };
  const [purchase] = await tx.query<{ id: number }>(
    `INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz, description_ru,
                                 subscription_id, created_at)
     VALUES ($1, 'purchase', -5990, 0, $2, $3, $4, $5) RETURNING id`,
    [user.id, purchaseText.kz, purchaseText.ru, sub?.id ?? null, at(-3)],
  );
  const text = refundDescription(
    { id: purchase!.id, description_kz: purchaseText.kz, description_ru: purchaseText.ru },
    'Тариф қате таңдалды / выбран не тот тариф',
  );
  await tx.query(
    `INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz, description_ru,
                                 subscription_id, refund_of, refund_reason, refunded_by, created_at)
     VALUES ($1, 'refund', 5990, 5990, $2, $3, $4, $5, $6,
             (SELECT id FROM users WHERE login = 'admin'), $7)`,
    [
      user.id,
      text.kz,
      text.ru,
      sub?.id ?? null,
      purchase!.id,
      'Тариф қате таңдалды / выбран не тот тариф',
      at(-2),
    ],
  );
}
