import { randomBytes } from 'node:crypto';
import { iinGender } from '@sabaq/platform';
import type { RosterImportResult } from '@sabaq/platform';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/db';
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

/** Scrypt runs on libuv's pool: this many hashes at a time keep it busy without a queue of 3,000. */
const HASH_BATCH = 8;

async function hashAll(passwords: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < passwords.length; i += HASH_BATCH)
    out.push(...(await Promise.all(passwords.slice(i, i + HASH_BATCH).map(hashPassword))));
  return out;
}

/**
 * Imports the school's roster (rows as read by roster-sheet.ts): an IIN of none of the school's
 * pupils is a new pupil account with a one-time password (as "add pupil" makes it); a pupil of
 * the school (or without a school) goes to the named class, back from the archive too; a pupil
 * already there is left alone. Any bad row (class not of the school, language not the class's,
 * IIN of a staff member or another school's pupil, plus the sheet's own checks): 422 naming
 * every row, nothing written. Names of existing accounts are not changed here.
 */
export async function importRoster(
  db: Db,
  schoolId: number,
  rows: RosterRow[],
): Promise<RosterImportResult> {
  const [classes, langs, holders] = await Promise.all([
    rosterClasses(db, schoolId),
    rosterLangs(db),
    holdersOf(
      db,
      rows.map((r) => r.iin),
    ),
  ]);
  const classOf = new Map(classes.map((c) => [`${c.parallel}${c.letter}`, c]));
  const langOf = new Map<string, number>();
  for (const l of langs) for (const n of [l.code, l.name_kz, l.name_ru]) langOf.set(norm(n), l.id);
  const holderOf = new Map(holders.map((h) => [h.iin, h]));

  const moves: { id: number; groupId: number }[] = [];
  const fresh: (RosterRow & { groupId: number; className: string })[] = [];
  let unchanged = 0;
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
    r.problems = problems;
    if (problems.length > 0 || !cls) continue;
    if (!holder) fresh.push({ ...r, groupId: cls.id, className: `${cls.parallel}${cls.letter}` });
    else if (holder.group_id === cls.id && holder.archived_at === null) unchanged++;
    else moves.push({ id: holder.id, groupId: cls.id });
  }
  const bad = rows.filter((r) => r.problems.length > 0);
  if (bad.length > 0)
    throw new RosterImportError(bad.map((r) => ({ row: r.row, problems: r.problems })));

  const passwords = fresh.map(() => initialPassword());
  const hashes = await hashAll(passwords);
  const area = await schoolArea(db, schoolId);
  const pupils: NewPupil[] = fresh.map((r, i) => ({
    iin: r.iin,
    surname: r.surname,
    firstname: r.firstname,
    lastname: r.lastname,
    birthDate: r.birthDate,
    gender: iinGender(r.iin) === 'f' ? 'w' : 'm',
    groupId: r.groupId,
    passwordHash: hashes[i] ?? '',
    chatToken: randomBytes(16).toString('hex'),
  }));
  await db.transaction(async (tx) => {
    await moveToClasses(tx, schoolId, moves);
    await insertPupils(tx, schoolId, area, pupils);
  });
  return {
    unchanged,
    moved: moves.length,
    created: fresh.map((r, i) => ({
      iin: r.iin,
      fullname: [r.surname, r.firstname, r.lastname].filter(Boolean).join(' '),
      className: r.className,
      password: passwords[i] ?? '',
    })),
  };
}
