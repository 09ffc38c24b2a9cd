import type { Queryable } from '../db/db';

export interface ProfileRow {
  firstname: string;
  surname: string;
  lastname: string | null;
  phone: string | null;
  email: string | null;
  born_date: string | null;
}

const COLUMNS = `firstname, surname, lastname, phone, email,
  to_char(born_date, 'DD.MM.YYYY') AS born_date`;

export async function loadProfile(q: Queryable, userId: number): Promise<ProfileRow> {
  const rows = await q.query<ProfileRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0] as ProfileRow;
}

/** Whether another user already has this e-mail (compared case-insensitively). */
export async function isEmailTaken(q: Queryable, userId: number, email: string): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM users WHERE lower(email) = lower($1) AND id <> $2 LIMIT 1',
    [email, userId],
  );
  return rows.length > 0;
}

export async function updateProfile(
  q: Queryable,
  userId: number,
  values: {
    firstname: string;
    surname: string;
    lastname: string | null;
    phone: string | null;
    email: string | null;
    /** ISO YYYY-MM-DD or null. */
    bornDate: string | null;
  },
): Promise<ProfileRow> {
  const rows = await q.query<ProfileRow>(
    `UPDATE users SET firstname = $2, surname = $3, lastname = $4, phone = $5, email = $6,
            born_date = $7::date
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      userId,
      values.firstname,
      values.surname,
      values.lastname,
      values.phone,
      values.email,
      values.bornDate,
    ],
  );
  return rows[0] as ProfileRow;
}

/** Whether the session is the user's own and still open (anyone else's is "not found"). */
export async function isOwnLiveSession(
  q: Queryable,
  userId: number,
  sessionId: string,
): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    'SELECT id FROM sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
    [sessionId, userId],
  );
  return rows.length > 0;
}
