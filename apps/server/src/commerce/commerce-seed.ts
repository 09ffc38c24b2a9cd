import type { Queryable } from '../db/db';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The tariffs (spec §9 prices: 5990 ₸ a month and 65000 ₸ a year for a personal subscription,
 * 5000 ₸ a month for a kindergarten; the school tariff by agreement), written by migration-free
 * seed so an administrator can change them in the database.
 */
export const TARIFFS = [
  {
    code: 'personal-month',
    audience: 'personal',
    type: 'personal',
    kz: ['Жеке: ай', 'Сабақ құрастырушы, дәрістер, түзету жұмысы — 30 күн'],
    ru: ['Личный: месяц', 'Конструктор уроков, лекции, коррекционная работа — 30 дней'],
    price: 5990,
    days: 30,
  },
  {
    code: 'personal-year',
    audience: 'personal',
    type: 'personal',
    kz: ['Жеке: жыл', 'Жеке тарифтің бәрі бір жылға — айлықтан 6 880 ₸ арзан'],
    ru: ['Личный: год', 'Всё из личного тарифа на год — на 6 880 ₸ дешевле помесячной оплаты'],
    price: 65000,
    days: 365,
  },
  {
    code: 'kindergarden-month',
    audience: 'kindergarden',
    type: 'kindergarden',
    kz: ['Балабақша: ай', 'Әдістемелік бөлім, номенклатура, STEAM, циклограмма — 30 күн'],
    ru: ['Детский сад: месяц', 'Методический раздел, номенклатура, STEAM, циклограмма — 30 дней'],
    price: 5000,
    days: 30,
  },
  {
    code: 'school-b2b',
    audience: 'school',
    type: null,
    kz: [
      'Мектеп',
      'Бүкіл мектепке: журнал, кесте, үй тапсырмасы, статистика. Баға келісім бойынша',
    ],
    ru: [
      'Школа',
      'Для всей школы: журнал, расписание, домашние задания, статистика. Цена по договору',
    ],
    price: null,
    days: 365,
  },
] as const;

/**
 * Seeds tariffs, gives the demo subscriptions real periods and a ledger that explains each
 * demo balance. The demo `locked` user's subscription ended 10 days ago (locked by its dates,
 * not a flag), and `trial` is an individual teacher whose demo month has just run out.
 */
export async function seedCommerce(tx: Queryable, now: Date): Promise<void> {
  for (const [i, t] of TARIFFS.entries()) {
    await tx.query(
      `INSERT INTO tariffs (code, audience, subscription_type, name_kz, name_ru, description_kz,
                            description_ru, price, period_days, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [t.code, t.audience, t.type, t.kz[0], t.ru[0], t.kz[1], t.ru[1], t.price, t.days, i],
    );
  }
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  await tx.query(
    `UPDATE subscriptions s SET tariff_id = t.id FROM tariffs t WHERE t.code = s.tariff_type`,
  );
  // Live demo subscriptions: bought a month ago for the tariff's period.
  await tx.query(
    `UPDATE subscriptions SET starts_at = $1, ends_at = $1::timestamptz + make_interval(days => 365)
      WHERE NOT locked`,
    [at(-30)],
  );
  // The locked demo user: a month that ended 10 days ago.
  await tx.query(
    `UPDATE subscriptions SET locked = false, starts_at = $1, ends_at = $2 WHERE locked`,
    [at(-40), at(-10)],
  );
  // `trial`: the demo month ended yesterday (locked); `demo`: a live demo month (spec §1:
  // content cannot be copied).
  await insertDemoSubscriber(tx, {
    login: 'trial',
    names: ['Гүлнар', 'Серікбаева'],
    born: '1994-03-15',
    email: 'gulnar.serikbayeva@demo.sabaq.kz',
    phone: '77011234520',
    period: [at(-31), at(-1)],
  });
  await insertDemoSubscriber(tx, {
    login: 'demo',
    names: ['Мадина', 'Әбілова'],
    born: '1996-09-09',
    email: 'madina.abilova@demo.sabaq.kz',
    phone: '77011234521',
    period: [at(-10), at(20)],
  });
  // Every demo balance is explained by a ledger row (the balance equals the ledger's sum).
  await tx.query(
    `INSERT INTO balance_ledger (user_id, kind, amount, balance_after, description_kz, description_ru, created_at)
     SELECT id, 'top_up', balance, balance, 'Балансты толтыру (демо)', 'Пополнение баланса (демо)', $1
       FROM users WHERE balance > 0`,
    [at(-30)],
  );
}

/** An individual teacher (the demo password) with a demo personal month over `period`. */
async function insertDemoSubscriber(
  tx: Queryable,
  u: {
    login: string;
    names: [string, string];
    born: string;
    email: string;
    phone: string;
    period: [string, string];
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO users (login, password_hash, role, firstname, surname, gender, born_date, position,
                        email, phone, chat_token)
     SELECT $1, password_hash, 'individual', $2, $3, 'w', $4::date, 'Жеке оқытушы', $5, $6,
            md5(random()::text)
       FROM users WHERE login = 'locked'`,
    [u.login, u.names[0], u.names[1], u.born, u.email, u.phone],
  );
  await tx.query(
    `INSERT INTO subscriptions (user_id, type, tariff_type, tariff_id, is_demo, starts_at, ends_at)
     SELECT u.id, 'personal', 'personal-month', t.id, true, $2, $3
       FROM users u, tariffs t WHERE u.login = $1 AND t.code = 'personal-month'`,
    [u.login, ...u.period],
  );
}
