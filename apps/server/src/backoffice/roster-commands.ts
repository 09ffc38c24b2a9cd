import { randomBytes } from 'node:crypto';
import { iinGender } from '@sabaq/platform';
import type { RosterImportResult } from '@sabaq/platform';
import { hashOneTimePassword } from '../auth/passwords';
import type { Queryable } from '../db/db';
import type { JobContext } from '../jobs/job-runner';
import { insertJob } from '../jobs/job-queries';
import { initialPassword } from './group-commands';
import { schoolArea } from './group-queries';
import {
  holdersOf,
  insertPupils,
  moveToClasses,
  rosterClasses,
  rosterLangs,
} from './roster-queries';
import type { NewPupil } from './roster-queries';
import { RosterImportError, norm } from './roster-sheet';
import type { RosterProblem, RosterRow } from './roster-sheet';

/** Scrypt runs on libuv's pool: this many hashes at a time keep its threads busy. */
const HASH_BATCH = 16;

/** Hashes the one-time passwords, reporting progress every few hundred. */
async function hashAll(
  passwords: readonly string[],
  progress: (done: number) => Promise<void>,
): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < passwords.length; i += HASH_BATCH) {
    out.push(...(await Promise.all(passwords.slice(i, i + HASH_BATCH).map(hashOneTimePassword))));
    if (out.length % 400 < HASH_BATCH || out.length === passwords.length)
      await progress(out.length);
  }
  return out;
}

/**
 * Up to this many new accounts the import hashes their one-time passwords itself (they sign in
 * as soon as it answers); more, and it answers first and a `roster.passwords` job hashes them
 * after (issue 27: 3,000 pupils answered in seconds instead of 12 s). The hash is the same.
 */
export const INLINE_HASHES = Number(process.env.ROSTER_INLINE_HASHES ?? 200);

/** Hashes written a batch at a time, so accounts become usable as the job goes. */
const WRITE_BATCH = 200;

/**
 * The `roster.passwords` job: hashes a large import's one-time passwords (scrypt, the one-time
 * cost, as any import), writes each batch's hashes (accounts sign in from then on; an account
 * whose hash is still missing cannot sign in), and at the end clears its payload, so the
 * passwords are not kept in the jobs table once hashed.
 */
export async function runRosterPasswords(ctx: JobContext): Promise<void> {
  const { accounts } = ctx.job.payload as { accounts: { id: number; password: string }[] };
  await ctx.progress('passwords', 0, accounts.length);
  for (let i = 0; i < accounts.length; i += WRITE_BATCH) {
    const batch = accounts.slice(i, i + WRITE_BATCH);
    const hashes = await hashAll(
      batch.map((a) => a.password),
      async () => undefined,
    );
    await ctx.db.query(
      `UPDATE users SET password_hash = v.hash FROM unnest($1::int[], $2::text[]) AS v(id, hash)
        WHERE users.id = v.id AND users.password_hash IS NULL`,
      [batch.map((a) => a.id), hashes],
    );
    await ctx.progress('passwords', i + batch.length, accounts.length);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query(`UPDATE jobs SET payload = '{}'::jsonb WHERE id = $1`, [ctx.job.id]);
    await ctx.complete(tx, { hashed: accounts.length });
  });
}

/** What an import will do, once every row is known good. */
export interface RosterPlan {
  unchanged: number;
  moves: { id: number; groupId: number }[];
  fresh: (RosterRow & { groupId: number; className: string })[];
}

/**
 * Checks the school's roster (rows as read by roster-sheet.ts) against the database: an IIN of
 * none of the school's pupils is a new pupil account; a pupil of the school (or without a
 * school) goes to the named class, back from the archive too; a pupil already there is left
 * alone. Any bad row (class not of the school, language not the class's, IIN of a staff member
 * or another school's pupil, plus the sheet's own checks): 422 naming every row. The route checks
 * before it queues the import's job, and the job again before it writes.
 */
export async function planRoster(
  q: Queryable,
  schoolId: number,
  rows: RosterRow[],
): Promise<RosterPlan> {
  const [classes, langs, holders] = await Promise.all([
    rosterClasses(q, schoolId),
    rosterLangs(q),
    holdersOf(
      q,
      rows.map((r) => r.iin),
    ),
  ]);
  const classOf = new Map(classes.map((c) => [`${c.parallel}${c.letter}`, c]));
  const langOf = new Map<string, number>();
  for (const l of langs) for (const n of [l.code, l.name_kz, l.name_ru]) langOf.set(norm(n), l.id);
  const holderOf = new Map(holders.map((h) => [h.iin, h]));

  const moves: RosterPlan['moves'] = [];
  const fresh: RosterPlan['fresh'] = [];
  let unchanged = 0;
  const bad: { row: number; problems: RosterProblem[] }[] = [];
  for (const r of rows) {
    const problems: RosterProblem[] = [...r.problems];
    const cls = r.parallel >= 0 ? classOf.get(`${r.parallel}${r.letter}`) : undefined;
    if (r.parallel >= 0 && !cls) problems.push('class_unknown');
    const lang = r.lang === '' ? undefined : langOf.get(r.lang);
    if (r.lang !== '' && lang === undefined) problems.push('lang_unknown');
    else if (cls && lang !== undefined && lang !== cls.edu_lang_id) problems.push('lang_not_class');
    const holder = problems.includes('iin_repeated') ? undefined : holderOf.get(r.iin);
    if (holder && (holder.role !== 'student' || (holder.school_id ?? schoolId) !== schoolId))
      problems.push('iin_taken');
    if (problems.length > 0) bad.push({ row: r.row, problems });
    if (problems.length > 0 || !cls) continue;
    if (!holder) fresh.push({ ...r, groupId: cls.id, className: `${cls.parallel}${cls.letter}` });
    else if (holder.group_id === cls.id && holder.archived_at === null) unchanged++;
    else moves.push({ id: holder.id, groupId: cls.id });
  }
  if (bad.length > 0) throw new RosterImportError(bad);
  return { unchanged, moves, fresh };
}

/**
 * The import's job (kind `roster.import`): checks the rows again (the school may have changed
 * since the route checked them: a 422 naming the rows fails the job, nothing written), hashes the
 * new accounts' one-time passwords (the long part, with progress), then writes the moves and the
 * new accounts and marks the job done in one transaction.
 */
export async function runRosterImport(ctx: JobContext): Promise<void> {
  const schoolId = ctx.job.school_id as number;
  const { rows } = ctx.job.payload as { rows: RosterRow[] };
  await ctx.progress('checking', 0, rows.length);
  const plan = await planRoster(ctx.db, schoolId, rows);
  const { fresh, moves, unchanged } = plan;
  const passwords = fresh.map(() => initialPassword());
  const inline = fresh.length <= INLINE_HASHES;
  let hashes: string[] = [];
  if (inline) {
    await ctx.progress('passwords', 0, fresh.length);
    hashes = await hashAll(passwords, (done) => ctx.progress('passwords', done, fresh.length));
  }
  await ctx.progress('writing', fresh.length, fresh.length);
  const area = await schoolArea(ctx.db, schoolId);
  const pupils: NewPupil[] = fresh.map((r, i) => ({
    iin: r.iin,
    surname: r.surname,
    firstname: r.firstname,
    lastname: r.lastname,
    birthDate: r.birthDate,
    gender: iinGender(r.iin) === 'f' ? 'w' : 'm',
    groupId: r.groupId,
    passwordHash: inline ? (hashes[i] ?? null) : null,
    chatToken: randomBytes(16).toString('hex'),
  }));
  const result: RosterImportResult = {
    unchanged,
    moved: moves.length,
    created: fresh.map((r, i) => ({
      iin: r.iin,
      fullname: [r.surname, r.firstname, r.lastname].filter(Boolean).join(' '),
      className: r.className,
      password: passwords[i] ?? '',
    })),
  };
  await ctx.db.transaction(async (tx) => {
    // The school may have changed while the passwords were hashed: a row gone bad fails the job
    // (422), a different plan runs the job again from the start (nothing written yet).
    const again = await planRoster(tx, schoolId, rows);
    if (again.fresh.length !== fresh.length || again.moves.length !== moves.length)
      throw new Error('the roster changed while the import ran');
    await moveToClasses(tx, schoolId, moves);
    await insertPupils(tx, schoolId, area, pupils);
    if (!inline) {
      // The new accounts' ids, and their passwords for the job that hashes them after.
      const ids = await tx.query<{ id: number; iin: string }>(
        `SELECT id, iin FROM users WHERE school_id = $1 AND role = 'student' AND iin = ANY($2::text[])`,
        [schoolId, fresh.map((r) => r.iin)],
      );
      const passwordOf = new Map(fresh.map((r, i) => [r.iin, passwords[i] ?? '']));
      const job = await insertJob(tx, {
        kind: 'roster.passwords',
        schoolId,
        createdBy: ctx.job.created_by,
        payload: { accounts: ids.map((r) => ({ id: r.id, password: passwordOf.get(r.iin) })) },
      });
      result.passwordsJobId = job.id;
    }
    await ctx.complete(tx, result);
  });
}
