import type {
  CalendarPlanContent,
  CalendarPlanLesson,
  CalendarPlanProduct,
  CalendarPlanSummary,
  Locale,
} from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { CatalogueError } from '../http/errors';
import { ensureLessons, groupName, isManagement } from './lessons';
import { yearRange } from './periods';
import { inSchool, schoolOf } from './tenancy';
import type { Viewer } from './lessons';

/**
 * Calendar plans (KTP, migration 803): a group × subject × school year with ordered plan lessons
 * (number, topic, hours, quarter, optional planned date) and, per plan lesson, at most one linked
 * builder draft of each kind (lecture, lesson, SOR, SOCh).
 *
 * Plan lessons fall on dated lessons (`lessons`, the spec's scheduleId) by order: the plan's hours
 * are laid one after another over the subject's lessons of the school year (date, then lesson
 * number; each subgroup of a split subject counts its own lessons), so plan lesson n with h hours
 * covers the next h dated lessons. The mapping is computed, never stored, so it follows the
 * timetable when slots change.
 */
export const CALENDAR_PLAN_SQL = `
CREATE TABLE calendar_plans (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  subject_id integer NOT NULL REFERENCES subjects(id),
  school_year text NOT NULL,
  created_by integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, subject_id, school_year)
);
CREATE TABLE calendar_plan_lessons (
  uuid uuid PRIMARY KEY,
  plan_id integer NOT NULL REFERENCES calendar_plans(id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number > 0),
  topic text NOT NULL CHECK (length(topic) BETWEEN 1 AND 500),
  hours integer NOT NULL DEFAULT 1 CHECK (hours BETWEEN 1 AND 20),
  quarter integer NOT NULL CHECK (quarter BETWEEN 1 AND 4),
  planned_date date,
  UNIQUE (plan_id, number)
);
CREATE TABLE calendar_plan_content (
  lesson_uuid uuid NOT NULL REFERENCES calendar_plan_lessons(uuid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('lecture', 'lesson', 'sor', 'soch')),
  draft_id text NOT NULL REFERENCES drafts(id),
  linked_by integer REFERENCES users(id),
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lesson_uuid, kind)
);
CREATE INDEX calendar_plan_content_draft ON calendar_plan_content (draft_id);
CREATE TABLE attempt_comments (
  attempt_id integer PRIMARY KEY REFERENCES attempts(id) ON DELETE CASCADE,
  comment text NOT NULL,
  updated_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;

/** Messages of the calendar-plan routes (kz/ru), same body shape as the teaching catalogue. */
export const CALENDAR_PLAN_MESSAGES = {
  plan_not_found: { kz: 'Күнтізбелік жоспар табылмады', ru: 'Календарный план не найден' },
  plan_lesson_not_found: {
    kz: 'Күнтізбелік жоспардың сабағы табылмады',
    ru: 'Урок календарного плана не найден',
  },
  not_your_plan: {
    kz: 'Бұл жоспарды пән мұғалімі, сынып жетекшісі немесе әкімшілік өзгертеді',
    ru: 'Этот план меняют учитель предмета, классный руководитель или администрация',
  },
  draft_not_available: {
    kz: 'Материал табылмады: тек өз материалыңызды немесе мектептің жарияланған материалын қосуға болады',
    ru: 'Материал не найден: можно привязать свой материал или опубликованный материал школы',
  },
  draft_wrong_kind: {
    kz: 'Материал түрі таңдалған түрге сәйкес емес',
    ru: 'Тип материала не совпадает с выбранным',
  },
  lecture_title_empty: {
    kz: 'Сабақ тақырыбы бос: алдымен тақырыпты жазыңыз',
    ru: 'У урока нет темы: сначала укажите тему',
  },
  subscription_locked: {
    kz: 'Жазылым бұғатталған: жаңа материал құруға болмайды',
    ru: 'Подписка заблокирована: создавать материалы нельзя',
  },
  plan_exists: {
    kz: 'Бұл сыныптың осы пәні бойынша осы оқу жылына жоспар бар',
    ru: 'План по этому предмету для класса на этот учебный год уже есть',
  },
  subject_not_in_group: {
    kz: 'Бұл пән осы оқу жылында сыныптың кестесінде жоқ',
    ru: 'Этого предмета нет в расписании класса в этом учебном году',
  },
  school_year_unknown: {
    kz: 'Мұндай оқу жылы жоқ (тоқсандары белгіленбеген)',
    ru: 'Такого учебного года нет (четверти не заданы)',
  },
  date_outside_year: {
    kz: 'Күн жоспардың оқу жылының ішінде болуы керек ({from} – {to})',
    ru: 'Дата должна быть внутри учебного года плана ({from} – {to})',
  },
  lesson_answered: {
    kz: 'Оқушылар №{n} сабақтың материалдарына жауап берген: оны жоюға болмайды',
    ru: 'Ученики уже ответили на материалы урока №{n}: его нельзя удалить',
  },
  plan_answered: {
    kz: 'Оқушылар бұл жоспардың материалдарына жауап берген: жоспарды жоюға болмайды',
    ru: 'Ученики уже ответили на материалы этого плана: план нельзя удалить',
  },
  import_empty: {
    kz: 'Тізімде бірде-бір сабақ жоқ',
    ru: 'В списке нет ни одного урока',
  },
  import_unreadable: {
    kz: '.xlsx файлын оқу мүмкін емес',
    ru: 'Не удалось прочитать файл .xlsx',
  },
  import_too_long: {
    kz: 'Тізім тым ұзын: ең көбі {n} сабақ',
    ru: 'Список слишком длинный: не больше {n} уроков',
  },
  plan_too_long: {
    kz: 'Жоспарда ең көбі {n} сабақ болады',
    ru: 'В плане может быть не больше {n} уроков',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type CalendarPlanMessageKey = keyof typeof CALENDAR_PLAN_MESSAGES;

export class CalendarPlanError extends CatalogueError {
  constructor(
    status: number,
    readonly planKey: CalendarPlanMessageKey,
    field?: string,
    params: Record<string, string | number> = {},
  ) {
    super(
      status,
      status === 404
        ? 'not_found'
        : status === 403
          ? 'forbidden'
          : status === 423
            ? 'subscription_locked'
            : 'validation_failed',
      CALENDAR_PLAN_MESSAGES[planKey],
      field,
      params,
    );
  }
}

export interface PlanRow {
  id: number;
  group_id: number;
  school_id: number;
  parallel: number;
  letter: string;
  subject_id: number;
  subject_name: string;
  school_year: string;
  teacher_id: number | null;
  teacher_name: string | null;
  lesson_count: number;
  hours: number;
  linked: number;
  teaches_subject: boolean;
  teaches_group: boolean;
}

/** Plans with their counts and whether `userId` teaches the subject / the group. */
export function planSelect(locale: Locale): string {
  const name = locale === 'ru' ? 'name_ru' : 'name_kz';
  return `SELECT cp.id, cp.group_id, g.school_id, g.parallel, g.letter, cp.subject_id,
       sub.${name} AS subject_name, cp.school_year, tt.id AS teacher_id, tt.name AS teacher_name,
       (SELECT count(*)::int FROM calendar_plan_lessons x WHERE x.plan_id = cp.id) AS lesson_count,
       (SELECT coalesce(sum(x.hours), 0)::int FROM calendar_plan_lessons x WHERE x.plan_id = cp.id) AS hours,
       (SELECT count(DISTINCT c.lesson_uuid)::int FROM calendar_plan_content c
          JOIN calendar_plan_lessons x ON x.uuid = c.lesson_uuid
          JOIN drafts d ON d.id = c.draft_id AND d.deleted_at IS NULL
         WHERE x.plan_id = cp.id) AS linked,
       EXISTS (SELECT 1 FROM timetable_slots s WHERE s.group_id = cp.group_id
                  AND s.subject_id = cp.subject_id AND s.teacher_id = $1::int) AS teaches_subject,
       EXISTS (SELECT 1 FROM timetable_slots s WHERE s.group_id = cp.group_id
                  AND s.teacher_id = $1::int) AS teaches_group
  FROM calendar_plans cp
  JOIN groups g ON g.id = cp.group_id
  JOIN subjects sub ON sub.id = cp.subject_id
  LEFT JOIN LATERAL (
    SELECT t.id, concat_ws(' ', t.surname, t.firstname, t.lastname) AS name
      FROM timetable_slots s JOIN periods p ON p.id = s.period_id JOIN users t ON t.id = s.teacher_id
     WHERE s.group_id = cp.group_id AND s.subject_id = cp.subject_id AND p.school_year = cp.school_year
     ORDER BY p.is_current DESC, s.id LIMIT 1) tt ON true`;
}

export type PlanAccess = 'manage' | 'read' | null;

/**
 * Staff: the subject's teacher, the group's class teacher and management of its school manage a
 * plan; another teacher of the group reads it. Students read their own group's plans (the
 * show screen only, checked by the routes). Anyone else: null (the routes answer 404).
 */
export function planAccess(v: Viewer, p: PlanRow): PlanAccess {
  if (v.auth.role === 'student') return v.groupId === p.group_id ? 'read' : null;
  if (p.teaches_subject) return 'manage';
  if (!inSchool(v.auth, p.school_id)) return null;
  if (isManagement(v.auth) || v.ledGroups.includes(p.group_id)) return 'manage';
  return p.teaches_group ? 'read' : null;
}

export async function loadPlan(
  q: Queryable,
  v: Viewer,
  id: number,
  locale: Locale,
): Promise<{ plan: PlanRow; access: 'manage' | 'read' }> {
  const rows = await q.query<PlanRow>(`${planSelect(locale)} WHERE cp.id = $2`, [
    v.auth.userId,
    id,
  ]);
  const plan = rows[0];
  const access = plan ? planAccess(v, plan) : null;
  if (!plan || !access) throw new CalendarPlanError(404, 'plan_not_found');
  return { plan, access };
}

export function presentPlan(p: PlanRow, access: PlanAccess): CalendarPlanSummary {
  return {
    id: p.id,
    group: { id: p.group_id, name: groupName(p.parallel, p.letter) },
    subject: { id: p.subject_id, name: p.subject_name },
    schoolYear: p.school_year,
    teacher: p.teacher_id !== null ? { id: p.teacher_id, fullname: p.teacher_name ?? '' } : null,
    lessonCount: p.lesson_count,
    hours: p.hours,
    linked: p.linked,
    canManage: access === 'manage',
  };
}

interface PlanLessonRow {
  uuid: string;
  plan_id: number;
  number: number;
  topic: string;
  hours: number;
  quarter: number;
  planned_date: string | null;
}

const PLAN_LESSON_COLS = `uuid::text AS uuid, plan_id, number, topic, hours, quarter,
  to_char(planned_date, 'YYYY-MM-DD') AS planned_date`;

/** The plan lesson by uuid (any plan); 404 when missing. */
export async function loadPlanLesson(q: Queryable, uuid: string): Promise<PlanLessonRow> {
  const rows = await q.query<PlanLessonRow>(
    `SELECT ${PLAN_LESSON_COLS} FROM calendar_plan_lessons WHERE uuid = $1::uuid`,
    [uuid],
  );
  const row = rows[0];
  if (!row) throw new CalendarPlanError(404, 'plan_lesson_not_found');
  return row;
}

export interface DatedRow {
  uuid: string;
  id: number;
  date: string;
  subgroup_id: number | null;
  subgroup_name: string | null;
  content_draft_id: string | null;
}

/**
 * The dated lessons each plan lesson falls on (see the file comment), made first if the school
 * year's lessons of the group were never looked at. `uuid` narrows to one plan lesson,
 * `scheduleId` to one dated lesson.
 */
export async function datedLessons(
  q: Queryable,
  plan: Pick<PlanRow, 'id' | 'group_id' | 'school_id' | 'subject_id' | 'school_year'>,
  only: { uuid?: string; scheduleId?: number } = {},
): Promise<DatedRow[]> {
  const range = await yearRange(q, plan.school_id, plan.school_year);
  if (!range) return [];
  await ensureLessons(q, { groupIds: [plan.group_id], from: range.start, to: range.end });
  return q.query<DatedRow>(
    `WITH k AS (
       SELECT uuid, hours, (sum(hours) OVER (ORDER BY number) - hours)::int AS before
         FROM calendar_plan_lessons WHERE plan_id = $1
     ), d AS (
       SELECT l.id, l.lesson_date, s.lesson_no, s.subgroup_id, sg.name AS subgroup_name, l.content_draft_id,
              row_number() OVER (PARTITION BY coalesce(s.subgroup_id, 0)
                                 ORDER BY l.lesson_date, s.lesson_no, l.id)::int AS n
         FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
         JOIN periods p ON p.id = s.period_id
         LEFT JOIN subgroups sg ON sg.id = s.subgroup_id
        WHERE s.group_id = $2 AND s.subject_id = $3 AND p.school_year = $4
     )
     SELECT k.uuid::text AS uuid, d.id, to_char(d.lesson_date, 'YYYY-MM-DD') AS date, d.subgroup_id,
            d.subgroup_name, d.content_draft_id
       FROM k JOIN d ON d.n > k.before AND d.n <= k.before + k.hours
      WHERE ($5::uuid IS NULL OR k.uuid = $5::uuid) AND ($6::int IS NULL OR d.id = $6::int)
      ORDER BY d.lesson_date, d.lesson_no, d.id`,
    [
      plan.id,
      plan.group_id,
      plan.subject_id,
      plan.school_year,
      only.uuid ?? null,
      only.scheduleId ?? null,
    ],
  );
}

interface ContentRow {
  lesson_uuid: string;
  kind: CalendarPlanProduct;
  draft_id: string;
  title: string;
  status: 'draft' | 'published';
  owner_id: number;
}

async function contentOf(q: Queryable, uuids: string[]): Promise<ContentRow[]> {
  if (uuids.length === 0) return [];
  return q.query<ContentRow>(
    `SELECT c.lesson_uuid::text AS lesson_uuid, c.kind, c.draft_id, d.title, d.status, d.owner_id
       FROM calendar_plan_content c JOIN drafts d ON d.id = c.draft_id AND d.deleted_at IS NULL
      WHERE c.lesson_uuid = ANY($1::uuid[])
      ORDER BY array_position(ARRAY['lecture', 'lesson', 'sor', 'soch'], c.kind)`,
    [uuids],
  );
}

/**
 * The plan's lessons in order with their content and dated lessons. `student`: only published
 * content is listed.
 */
export async function planLessons(
  q: Queryable,
  plan: PlanRow,
  opts: { uuid?: string; student?: boolean } = {},
): Promise<CalendarPlanLesson[]> {
  const rows = await q.query<PlanLessonRow>(
    `SELECT ${PLAN_LESSON_COLS} FROM calendar_plan_lessons
      WHERE plan_id = $1 AND ($2::uuid IS NULL OR uuid = $2::uuid) ORDER BY number`,
    [plan.id, opts.uuid ?? null],
  );
  const dated = await datedLessons(q, plan, { uuid: opts.uuid });
  const content = await contentOf(
    q,
    rows.map((r) => r.uuid),
  );
  return rows.map((r) => {
    const lessons = dated.filter((d) => d.uuid === r.uuid);
    const mine: CalendarPlanContent[] = content
      .filter((c) => c.lesson_uuid === r.uuid && (!opts.student || c.status === 'published'))
      .map((c) => ({
        kind: c.kind,
        draftId: c.draft_id,
        title: c.title,
        status: c.status,
        ownerId: c.owner_id,
      }));
    return {
      uuid: r.uuid,
      number: r.number,
      topic: r.topic,
      hours: r.hours,
      quarter: r.quarter,
      date: r.planned_date ?? lessons[0]?.date ?? null,
      plannedDate: r.planned_date,
      content: mine,
      lessons: lessons.map((d) => ({
        scheduleId: d.id,
        date: d.date,
        subgroup:
          d.subgroup_id !== null ? { id: d.subgroup_id, name: d.subgroup_name ?? '' } : null,
        contentDraftId: d.content_draft_id,
      })),
    };
  });
}

/** Groups whose plans the user may open: management all of the school, others led or taught. */
export async function visibleGroups(
  q: Queryable,
  v: Viewer,
): Promise<{ id: number; parallel: number; letter: string; plans: number }[]> {
  const mgmt = isManagement(v.auth);
  return q.query(
    `SELECT g.id, g.parallel, g.letter,
            (SELECT count(*)::int FROM calendar_plans cp WHERE cp.group_id = g.id) AS plans
       FROM groups g
      WHERE NOT g.archived AND (
            ($1::boolean AND g.school_id = $2::int)
         OR g.id = ANY($3::int[])
         OR EXISTS (SELECT 1 FROM timetable_slots s WHERE s.group_id = g.id AND s.teacher_id = $4::int))`,
    [mgmt, schoolOf(v.auth), v.ledGroups, v.auth.userId],
  );
}

/** The plan lesson a dated lesson falls on (its group, subject and school year), or null. */
export async function planLessonOfDated(
  q: Queryable,
  v: Viewer,
  lesson: { id: number; group_id: number; subject_id: number; period_id: number },
  locale: Locale,
): Promise<{ plan: PlanRow; lesson: CalendarPlanLesson } | null> {
  const plans = await q.query<PlanRow>(
    `${planSelect(locale)} WHERE cp.group_id = $2 AND cp.subject_id = $3
        AND cp.school_year = (SELECT p.school_year FROM periods p JOIN groups g ON g.school_id = p.school_id
                               WHERE p.id = $4 AND g.id = $2)`,
    [v.auth.userId, lesson.group_id, lesson.subject_id, lesson.period_id],
  );
  const plan = plans[0];
  if (!plan) return null;
  const hit = (await datedLessons(q, plan, { scheduleId: lesson.id }))[0];
  if (!hit) return null;
  const found = (
    await planLessons(q, plan, { uuid: hit.uuid, student: v.auth.role === 'student' })
  )[0];
  return found ? { plan, lesson: found } : null;
}
