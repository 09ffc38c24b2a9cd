import { ROLE_CODES, isRole } from '@sabaq/platform';
import type { Locale, Role, SessionUser } from '@sabaq/platform';
import type { Queryable } from '../db/db';

/**
 * The role the rest of the system sees: a teacher's subrole (a role name or a role code such as
 * DCR) replaces the role (spec §3). Unknown values fall back to guest, never to more rights.
 */
export function effectiveRole(role: string, subrole: string | null): Role {
  if (role === 'teacher' && subrole) {
    if (isRole(subrole)) return subrole;
    const fromCode = (ROLE_CODES as Record<string, Role>)[subrole];
    if (fromCode) return fromCode;
  }
  if (isRole(role)) return role;
  const fromCode = (ROLE_CODES as Record<string, Role>)[role];
  return fromCode ?? 'guest';
}

interface UserRow {
  id: number;
  iin: string | null;
  email: string | null;
  chat_token: string | null;
  position: string | null;
  role: string;
  subrole: string | null;
  firstname: string;
  surname: string;
  lastname: string | null;
  gender: string;
  photo: string | null;
  avatar_name: string | null;
  born_date: string | null;
  default_pass: boolean;
  region_id: number | null;
  department_id: number | null;
  balance: number;
  phone: string | null;
  school_name: string | null;
  school_address: string | null;
  school_bin: string | null;
  school_kind: 'school' | 'kindergarten' | null;
  group_name: string | null;
  current_quarter: number | null;
  subscriptions: SubscriptionRow[] | string | null;
}

interface SubscriptionRow {
  type: 'kindergarden' | 'personal';
  tariff_type: string;
  is_demo: boolean;
  group_name: string | null;
  locked: boolean;
}

/** Loads the spec §3 session user; null when the user no longer exists. */
export async function loadSessionUser(
  q: Queryable,
  userId: number,
  token: string,
  locale: Locale,
  quarterHeader: number | null,
): Promise<SessionUser | null> {
  const nameCol = locale === 'kz' ? 'name_kz' : 'name_ru';
  const addressCol = locale === 'kz' ? 'address_kz' : 'address_ru';
  // One round trip: the user, school, group, current quarter and live subscriptions.
  const rows = await q.query<UserRow>(
    `SELECT u.id, u.iin, u.email, u.chat_token,
            ${locale === 'ru' ? 'coalesce(u.position_ru, u.position)' : 'u.position'} AS position,
            u.role, u.subrole, u.firstname,
            u.surname, u.lastname, u.gender, u.photo, to_char(u.born_date, 'DD.MM.YYYY') AS born_date,
            u.default_pass, u.region_id, u.department_id, u.balance, u.phone,
            s.${nameCol} AS school_name, s.${addressCol} AS school_address, s.bin AS school_bin,
            s.kind AS school_kind,
            CASE WHEN g.id IS NULL THEN NULL ELSE g.parallel::text || g.letter END AS group_name,
            (SELECT name FROM user_avatars WHERE user_id = u.id) AS avatar_name,
            -- The own school's current quarter; people without a school (education workers,
            -- individuals) get the quarter most schools are in now, not a fixed first quarter.
            coalesce(
              (SELECT quarter FROM periods WHERE is_current AND school_id = u.school_id
                ORDER BY id LIMIT 1),
              (SELECT quarter FROM periods WHERE is_current
                GROUP BY quarter ORDER BY count(*) DESC, quarter LIMIT 1)) AS current_quarter,
            -- Live subscriptions, then the ones that ended (locked by their dates, commerce/).
            (SELECT json_agg(json_build_object('type', type, 'tariff_type', tariff_type,
                      'is_demo', is_demo, 'group_name', group_name, 'locked', ended)
                      ORDER BY ended, ends_at DESC NULLS FIRST, id)
               FROM (SELECT *, locked OR coalesce(ends_at <= now(), false) AS ended
                       FROM subscriptions WHERE user_id = u.id AND starts_at <= now()) sub
            ) AS subscriptions
       FROM users u
       LEFT JOIN schools s ON s.id = u.school_id
       LEFT JOIN groups g ON g.id = coalesce(
           u.group_id,
           (SELECT group_id FROM group_personnel WHERE user_id = u.id ORDER BY group_id LIMIT 1))
      WHERE u.id = $1`,
    [userId],
  );
  const u = rows[0];
  if (!u) return null;
  const subs: SubscriptionRow[] =
    typeof u.subscriptions === 'string' ? JSON.parse(u.subscriptions) : (u.subscriptions ?? []);
  const live = subs.filter((s) => !s.locked);
  // The live one; when all have ended, the latest of them (the user is sent to subscribe-locked).
  const main = subs[0];
  return {
    token,
    userId: u.id,
    iin: u.iin,
    chatToken: u.chat_token,
    position: u.position,
    role: effectiveRole(u.role, u.subrole),
    group: u.group_name ? { name: u.group_name } : null,
    gender: u.gender === 'w' ? 'f' : 'm',
    firstname: u.firstname,
    surname: u.surname,
    lastname: u.lastname,
    photo: u.photo,
    // The profile picture (commerce/avatar-*.ts): a capability URL by its random name.
    avatar: u.avatar_name ? `/api/v2/os/profile/avatars/${u.avatar_name}` : null,
    quarter: quarterHeader ?? u.current_quarter ?? 1,
    school:
      u.school_name !== null
        ? {
            name: u.school_name,
            address: u.school_address ?? '',
            bin: u.school_bin ?? '',
            kind: u.school_kind ?? 'school',
          }
        : null,
    bornDate: u.born_date,
    defaultPass: u.default_pass,
    regionId: u.region_id,
    departmentId: u.department_id,
    balance: u.balance,
    phone: u.phone,
    email: u.email,
    subscription: main ? { type: main.type, isDemo: main.is_demo, group: main.group_name } : null,
    subscriptions: (live.length > 0 ? live : subs.slice(0, 1)).map((s) => ({
      tariff_type: s.tariff_type,
      type: s.type,
    })),
    hasSubscription: live.length > 0,
  };
}
