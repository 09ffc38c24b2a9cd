import type { AnswerValue } from '@sabaq/platform';
import type { Queryable } from '../db/db';
import { QUESTIONNAIRES } from './questionnaire-data';
import { scoreResponse, type Answers, type ScoredQuestion } from './questionnaire-scoring';

/**
 * Monitoring's demo data: three periods around today (last school year's second half, this
 * year's two halves), the questionnaires of questionnaire-data.ts, and responses of the staff
 * already in the database, generated from each person's id (the same database gives the same
 * answers). The demo logins that tests and visitors fill in themselves (`teacher`, `director`)
 * have nothing in the current period; the kindergarten teacher has a draft in it.
 */

const OPEN_TODAY_FOR_VISITORS = ['teacher', 'director'];
const DRAFT_TODAY = ['kindergarten'];

/** The school year of a date (1 September … 31 August), by its first calendar year. */
function startYearOf(today: string): number {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month >= 9 ? year : year - 1;
}

export async function seedMonitoring(tx: Queryable, today: string): Promise<void> {
  const y = startYearOf(today);
  const year = (from: number) => `${from}-${from + 1}`;
  const periods = [
    { year: year(y - 1), half: 'II', starts: `${y}-01-01`, ends: `${y}-08-31` },
    { year: year(y), half: 'I', starts: `${y}-09-01`, ends: `${y}-12-31` },
    { year: year(y), half: 'II', starts: `${y + 1}-01-01`, ends: `${y + 1}-08-31` },
  ];
  for (const p of periods) {
    const [from, to] = p.year.split('-');
    await tx.query(
      `INSERT INTO questionnaire_periods (school_year, name_kz, name_ru, starts_on, ends_on)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        p.year,
        `${from}–${to} оқу жылы, ${p.half} жартыжылдық`,
        `${from}–${to} учебный год, ${p.half} полугодие`,
        p.starts,
        p.ends,
      ],
    );
  }
  for (const questionnaire of QUESTIONNAIRES) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO questionnaires (group_type, title_kz, title_ru, intro_kz, intro_ru)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        questionnaire.groupType,
        questionnaire.kz,
        questionnaire.ru,
        questionnaire.introKz,
        questionnaire.introRu,
      ],
    );
    for (const [g, group] of questionnaire.groups.entries()) {
      const [groupRow] = await tx.query<{ id: number }>(
        `INSERT INTO questionnaire_groups (questionnaire_id, position, title_kz, title_ru)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [row!.id, g, group.kz, group.ru],
      );
      for (const [i, question] of group.questions.entries())
        await tx.query(
          `INSERT INTO questionnaire_questions
             (group_id, position, kind, text_kz, text_ru, options, required, max_value)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)`,
          [
            groupRow!.id,
            i,
            question.kind,
            question.kz,
            question.ru,
            JSON.stringify(question.options ?? []),
            question.required ?? true,
            question.max ?? null,
          ],
        );
    }
  }
}

/** A small deterministic generator (mulberry32). */
function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUPPORT_TEXTS = [
  'Цифрлық ресурстар бойынша семинар',
  'Семинар по цифровым ресурсам',
  'Тәжірибе алмасу сабақтары',
  'Больше времени на подготовку',
];

/** Answers of a person who is `care` diligent (0…1). */
function answersOf(
  questions: readonly (ScoredQuestion & { required: boolean })[],
  care: number,
  next: () => number,
): Answers {
  const answers: Record<string, Exclude<AnswerValue, null>> = {};
  for (const q of questions) {
    const r = next();
    if (!q.required && r < 0.4) continue;
    if (q.kind === 'single') {
      const best = [...q.options].sort((a, b) => b.points - a.points);
      const index = Math.min(best.length - 1, Math.floor((1 - care) * best.length * 0.8 + r * 1.2));
      answers[q.id] = best[index]!.id;
    } else if (q.kind === 'multi') {
      const chosen = q.options.filter(() => next() < 0.15 + care * 0.7).map((o) => o.id);
      if (chosen.length > 0 || !q.required) answers[q.id] = chosen;
      else answers[q.id] = [q.options[0]!.id];
    } else if (q.kind === 'scale') {
      const top = q.max ?? 5;
      answers[q.id] = Math.max(1, Math.min(top, Math.round(1 + care * (top - 1) * 0.8 + r * 1.4)));
    } else if (q.kind === 'number') {
      answers[q.id] = Math.round(r * Math.min(q.max ?? 100, 60) * (0.4 + care));
    } else {
      answers[q.id] = SUPPORT_TEXTS[Math.floor(r * SUPPORT_TEXTS.length)]!;
    }
  }
  return answers;
}

/**
 * Responses of the staff without one in the periods begun by `today`: in a past period 90 % of
 * people submitted; in the current one 60 % submitted and 15 % have a draft. Run after the demo
 * seed and after the statistics generator adds its schools.
 */
export async function seedMonitoringResponses(q: Queryable, today: string): Promise<number> {
  const periods = await q.query<{ id: number; current: boolean }>(
    `SELECT id, ($1::date BETWEEN starts_on AND ends_on) AS current
       FROM questionnaire_periods WHERE starts_on <= $1::date ORDER BY starts_on`,
    [today],
  );
  const questionnaires = await q.query<{ id: number; group_type: string }>(
    'SELECT id, group_type FROM questionnaires',
  );
  const questionsOf = new Map<string, (ScoredQuestion & { required: boolean })[]>();
  for (const questionnaire of questionnaires) {
    const rows = await q.query<{
      id: number;
      group_id: number;
      kind: ScoredQuestion['kind'];
      options: { id: string; points: number }[];
      required: boolean;
      max_value: number | null;
    }>(
      `SELECT qq.id, qq.group_id, qq.kind, qq.options, qq.required, qq.max_value
         FROM questionnaire_questions qq JOIN questionnaire_groups g ON g.id = qq.group_id
        WHERE g.questionnaire_id = $1 ORDER BY g.position, qq.position`,
      [questionnaire.id],
    );
    questionsOf.set(
      questionnaire.group_type,
      rows.map((row) => ({
        id: row.id,
        groupId: row.group_id,
        kind: row.kind,
        options: row.options,
        required: row.required,
        max: row.max_value,
      })),
    );
  }
  const questionnaireOf = new Map(questionnaires.map((row) => [row.group_type, row.id]));
  let made = 0;
  for (const period of periods) {
    const people = await q.query<{
      id: number;
      login: string | null;
      school_id: number;
      group_type: string;
    }>(
      `SELECT u.id, u.login, u.school_id,
              CASE WHEN u.role = 'director' THEN 'director'
                   WHEN s.kind = 'kindergarten' THEN 'garden' ELSE 'teacher' END AS group_type
         FROM users u JOIN schools s ON s.id = u.school_id
        WHERE u.archived_at IS NULL AND u.role IN ('teacher', 'group-lead', 'director')
          AND NOT EXISTS (SELECT 1 FROM questionnaire_responses r
                           WHERE r.user_id = u.id AND r.period_id = $1)
        ORDER BY u.id`,
      [period.id],
    );
    const rows = {
      questionnaire: [] as number[],
      user: [] as number[],
      school: [] as number[],
      answers: [] as string[],
      submitted: [] as boolean[],
      points: [] as (number | null)[],
      max: [] as (number | null)[],
      groups: [] as string[],
    };
    for (const person of people) {
      const next = randomOf(person.id * 7919 + period.id * 104729);
      const roll = next();
      const care = 0.25 + next() * 0.75;
      let submitted = roll < (period.current ? 0.6 : 0.9);
      const draft = !submitted && roll < (period.current ? 0.75 : 0.9);
      if (period.current && person.login && OPEN_TODAY_FOR_VISITORS.includes(person.login))
        continue;
      if (period.current && person.login && DRAFT_TODAY.includes(person.login)) submitted = false;
      else if (!submitted && !draft) continue;
      const questions = questionsOf.get(person.group_type) ?? [];
      let answers = answersOf(questions, care, next);
      if (!submitted)
        answers = Object.fromEntries(
          Object.entries(answers).slice(0, Math.ceil(questions.length / 2)),
        );
      const score = submitted ? scoreResponse(questions, answers) : null;
      rows.questionnaire.push(questionnaireOf.get(person.group_type)!);
      rows.user.push(person.id);
      rows.school.push(person.school_id);
      rows.answers.push(JSON.stringify(answers));
      rows.submitted.push(submitted);
      rows.points.push(score?.points ?? null);
      rows.max.push(score?.max ?? null);
      rows.groups.push(JSON.stringify(score?.groups ?? []));
    }
    if (rows.user.length === 0) continue;
    await q.query(
      `WITH made AS (
         INSERT INTO questionnaire_responses
           (questionnaire_id, period_id, user_id, school_id, answers, points, max_points, updated_at, submitted_at)
         SELECT qn, $1, u, s, a::jsonb, p, m, now(), CASE WHEN sub THEN now() END
           FROM unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::boolean[], $7::numeric[], $8::numeric[])
                AS t(qn, u, s, a, sub, p, m)
         RETURNING id, user_id, submitted_at
       )
       INSERT INTO questionnaire_response_groups (response_id, group_id, points, max_points)
       SELECT made.id, (g ->> 'groupId')::int, (g ->> 'points')::numeric, (g ->> 'max')::numeric
         FROM made
         JOIN unnest($3::int[], $9::text[]) AS t(u, gs) ON t.u = made.user_id
         CROSS JOIN LATERAL jsonb_array_elements(t.gs::jsonb) g
        WHERE made.submitted_at IS NOT NULL`,
      [
        period.id,
        rows.questionnaire,
        rows.user,
        rows.school,
        rows.answers,
        rows.submitted,
        rows.points,
        rows.max,
        rows.groups,
      ],
    );
    made += rows.user.length;
  }
  return made;
}
