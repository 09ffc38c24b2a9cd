import type {
  GroupCard,
  GroupDetailResponse,
  GroupList,
  GroupSummary,
  Locale,
} from '@sabaq/platform';
import type { GroupRow, NamedRow, PersonRow, listSubjectTeachers } from './group-queries';

/** Rows → the platform contracts of the backoffice classes (pure). */

export function groupName(parallel: number, letter: string): string {
  return parallel === 0 ? letter : `${parallel}${letter}`;
}

export function presentGroupSummary(
  row: GroupRow,
  teachers: readonly (PersonRow & { group_id: number })[],
): GroupSummary {
  return {
    id: row.id,
    parallel: row.parallel,
    letter: row.letter,
    name: groupName(row.parallel, row.letter),
    eduLang: { id: row.edu_lang_id, name: row.edu_lang_name },
    teachers: teachers
      .filter((teacher) => teacher.group_id === row.id)
      .map((teacher) => ({ id: teacher.id, fullname: teacher.fullname })),
    pupils: row.pupils,
  };
}

/** The classes by parallel, in order. */
export function presentGroupList(
  rows: readonly GroupRow[],
  teachers: readonly (PersonRow & { group_id: number })[],
  canManage: boolean,
): GroupList {
  const parallels: GroupList['parallels'] = [];
  for (const row of rows) {
    let bucket = parallels.find((entry) => entry.parallel === row.parallel);
    if (!bucket) {
      bucket = { parallel: row.parallel, groups: [] };
      parallels.push(bucket);
    }
    bucket.groups.push(presentGroupSummary(row, teachers));
  }
  return { parallels, canManage };
}

type SubjectTeacherRow = Awaited<ReturnType<typeof listSubjectTeachers>>[number];

/** One entry per subject with its teachers (a subject without a teacher yet has none). */
export function presentSubjects(rows: readonly SubjectTeacherRow[]): GroupCard['subjects'] {
  const subjects: GroupCard['subjects'] = [];
  for (const row of rows) {
    let subject = subjects.find((entry) => entry.id === row.subject_id);
    if (!subject) {
      subject = {
        id: row.subject_id,
        name: row.subject_name,
        teachers: [],
        subgroups: row.subgroups,
      };
      subjects.push(subject);
    }
    if (row.teacher_id !== null && !subject.teachers.some((t) => t.id === row.teacher_id))
      subject.teachers.push({ id: row.teacher_id, fullname: row.teacher_name ?? '' });
  }
  return subjects;
}

/** Spec §3 "Group detail response". */
export function presentGroupDetail(
  row: GroupRow,
  team: readonly number[],
  langs: readonly NamedRow[],
  personnels: readonly PersonRow[],
): GroupDetailResponse {
  return {
    group: {
      id: row.id,
      letter: row.letter,
      bl_name: { id: row.parallel },
      edu_lang: row.edu_lang_id,
      personnel_id: [...team],
    },
    langs: [...langs],
    personnels: [...personnels],
  };
}

/** The parallels a school may open: 1–11; a kindergarten has one level (0). */
export function presentParallels(kind: string | undefined, locale: Locale): NamedRow[] {
  if (kind === 'kindergarten')
    return [{ id: 0, name: locale === 'kz' ? 'Мектепке дейінгі топ' : 'Дошкольная группа' }];
  const word = locale === 'kz' ? 'сынып' : 'класс';
  return Array.from({ length: 11 }, (_, i) => ({ id: i + 1, name: `${i + 1} ${word}` }));
}
