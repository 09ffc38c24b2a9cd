import type { Queryable } from '../db/db';

/** The payer's name as a receipt prints it: surname, first name, patronymic. */
export async function loadPayerName(q: Queryable, userId: number): Promise<string> {
  const rows = await q.query<{ name: string }>(
    `SELECT concat_ws(' ', surname, firstname, lastname) AS name FROM users WHERE id = $1`,
    [userId],
  );
  return rows[0]?.name ?? '';
}
