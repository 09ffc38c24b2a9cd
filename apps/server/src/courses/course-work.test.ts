import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CourseDetailResponseSchema,
  CourseModuleCheckResponseSchema,
  CourseModuleDetailResponseSchema,
  CourseTestResponseSchema,
} from '@sabaq/platform';
import { DraftSchema } from '@sabaq/engine';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { demoSor } from '../teaching/demo-content';
import { DEMO_COURSE_TEST_ID } from './course-seed';

/**
 * Issue 28, items 1 and 4: a certificate needs the work done — each module's content opened and
 * its checks passed, and the course's minimum study time — and a course's final test never shows
 * the keys of an exam still in use, nor another school's keys to an individual.
 */
const P = '/api/v2/os/courses';
const A = '/api/v2/os/course-authoring';
const LECTURE = 'demo-catalogue-water-ru';
/** A course's own fields, as the methodist writes them (the minimum time apart). */
const FIELDS = {
  title: { kz: 'Жұмыс курсы', ru: 'Курс с работой' },
  description: { kz: 'Сипаттама', ru: 'Описание' },
  subject: null,
  audience: 'all',
  hours: 4,
  passMark: 70,
};
/** The methodist's test, answered right (f1, f2, f3 of demoCourseTest) and all wrong. */
const RIGHT = {
  f1: { kind: 'choice', optionIds: ['f1-a'] },
  f2: { kind: 'select', optionId: 'f2-b' },
  f3: { kind: 'choice', optionIds: ['f3-a', 'f3-b'] },
};
const WRONG = {
  f1: { kind: 'choice', optionIds: ['f1-b'] },
  f2: { kind: 'select', optionId: 'f2-a' },
  f3: { kind: 'choice', optionIds: ['f3-c'] },
};

/** Every right answer, link or explanation a draft carries (none once the keys are out). */
function keysIn(doc: unknown): string[] {
  const draft = DraftSchema.parse(doc);
  return draft.pages.flatMap((p) =>
    p.modules.flatMap((m) => {
      const o = m.options;
      const keys =
        o === null
          ? []
          : o.kind === 'select'
            ? o.rightId
              ? [o.rightId]
              : []
            : o.kind === 'choice'
              ? o.items.filter((i) => i.right).map((i) => i.id)
              : o.links.map((l) => l.left);
      return m.hints.solution ? [...keys, 'solution'] : keys;
    }),
  );
}

describe.each(BACKENDS)('the work a course certificate needs on %s', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  let lessonWithChecks: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['teacher', 'school2-teacher', 'individual', 'methodist'])
      tokens[name] = (await login(server, name)).access_token;
    // A published lesson of the catalogue with four tasks checked automatically.
    const sor = demoSor();
    const created = await call(server, 'POST', '/api/v2/os/drafts', {
      token: tokens.teacher,
      body: {
        draft: {
          ...sor,
          type: 'lesson',
          title: 'Сызықтық теңдеулерді шешу',
          pages: [{ ...sor.pages[0]!, modules: sor.pages[0]!.modules.slice(0, 4) }],
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    lessonWithChecks = created.body.data.summary.id as string;
    const published = await call(server, 'POST', `/api/v2/os/drafts/${lessonWithChecks}/publish`, {
      token: tokens.teacher,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const as = (who: string, method: string, path: string, body?: unknown, locale = 'ru') =>
    call(server, method, path, { token: tokens[who], body, locale: locale as 'kz' | 'ru' });

  /** A published course of the methodist: its modules, the final test, a minimum time. */
  async function course(modules: string[], minMinutes = 0, test = DEMO_COURSE_TEST_ID) {
    const created = await as('methodist', 'POST', A, { ...FIELDS, minMinutes });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    for (const draftId of modules)
      expect((await as('methodist', 'POST', `${A}/${id}/modules`, { draftId })).status).toBe(200);
    expect((await as('methodist', 'PUT', `${A}/${id}/final-test`, { draftId: test })).status).toBe(
      200,
    );
    expect(
      (await as('methodist', 'PUT', `${A}/${id}/publication`, { published: true })).status,
    ).toBe(200);
    return id;
  }
  const detail = async (who: string, id: number) =>
    CourseDetailResponseSchema.parse((await as(who, 'GET', `${P}/${id}`)).body).data;

  it('the methodist sets a minimum study time; out of range is 422 in kz and ru', async () => {
    const id = await course([LECTURE], 45);
    const draft = await as('methodist', 'GET', `${A}/${id}`);
    expect(draft.body.data.minMinutes).toBe(45);
    const body = FIELDS;
    const bad = await as('methodist', 'PUT', `${A}/${id}`, { ...body, minMinutes: 7000 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.minMinutes).toEqual(['Недопустимое значение']);
    expect(
      (await as('methodist', 'PUT', `${A}/${id}`, { ...body, minMinutes: -1 }, 'kz')).status,
    ).toBe(422);
    // Left out: no minimum.
    const cleared = await as('methodist', 'PUT', `${A}/${id}`, body);
    expect(cleared.body.data.minMinutes).toBe(0);
  });

  it('a module is done when opened and its checks passed; the test waits for the minimum time', async () => {
    const id = await course([LECTURE, lessonWithChecks], 30);
    expect((await as('teacher', 'POST', `${P}/${id}/enrolment`)).status).toBe(200);
    const [text, tasks] = (await detail('teacher', id)).list;
    // Marking by hand does nothing for a teacher course.
    expect(
      (await as('teacher', 'PUT', `${P}/${id}/modules/${text!.id}`, { done: true })).status,
    ).toBe(409);
    // Checks before the module is opened: refused.
    const early = await as('teacher', 'POST', `${P}/${id}/modules/${tasks!.id}/check`, {
      answers: {},
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Сначала откройте модуль и изучите его содержание');

    // A text module is done once opened.
    const opened = CourseModuleDetailResponseSchema.parse(
      (await as('teacher', 'GET', `${P}/${id}/modules/${text!.id}`)).body,
    ).data;
    expect(opened).toMatchObject({ checks: 0, done: true });
    // A module with tasks: its content without keys, four checks, not done yet.
    const withTasks = await as('teacher', 'GET', `${P}/${id}/modules/${tasks!.id}`);
    const module = CourseModuleDetailResponseSchema.parse(withTasks.body).data;
    expect(module).toMatchObject({ checks: 4, done: false, percent: null, passMark: 70 });
    expect(keysIn(module.content)).toEqual([]);
    expect(JSON.stringify(withTasks.body)).not.toMatch(/"right":true/);
    let state = await detail('teacher', id);
    expect(state.done).toBe(1);
    expect(state.list.map((m) => [m.opened, m.done])).toEqual([
      [true, true],
      [true, false],
    ]);
    expect(state.test!.open).toBe(false);

    // Wrong: scored on the server, right and wrong told, the keys not.
    const check = (answers: unknown) =>
      as('teacher', 'POST', `${P}/${id}/modules/${tasks!.id}/check`, { answers });
    const unanswered = await check({ m1: { kind: 'choice', optionIds: ['m1-a'] } });
    expect(unanswered.status).toBe(422);
    expect(Object.keys(unanswered.body.errors)).toEqual(['answers.m2']);
    const wrong = await check({
      m1: { kind: 'choice', optionIds: ['m1-b'] },
      m2: { kind: 'select', optionId: 'm2-a' },
      m3: { kind: 'choice', optionIds: ['m3-b'] },
      m4: { kind: 'connection', links: [{ left: 'm4-l1', right: 'm4-r2' }] },
    });
    const failed = CourseModuleCheckResponseSchema.parse(wrong.body).data;
    expect(failed).toMatchObject({ percent: 0, passed: false, done: false });
    expect(failed.results.map((r) => r.status)).toEqual(['wrong', 'wrong', 'wrong', 'wrong']);
    expect(JSON.stringify(wrong.body)).not.toContain('m1-a');
    const right = await check({
      m1: { kind: 'choice', optionIds: ['m1-a'] },
      m2: { kind: 'select', optionId: 'm2-b' },
      m3: { kind: 'choice', optionIds: ['m3-a', 'm3-c'] },
      m4: {
        kind: 'connection',
        links: [
          { left: 'm4-l1', right: 'm4-r1' },
          { left: 'm4-l2', right: 'm4-r2' },
          { left: 'm4-l3', right: 'm4-r3' },
        ],
      },
    });
    expect(CourseModuleCheckResponseSchema.parse(right.body).data).toMatchObject({
      percent: 100,
      passed: true,
      done: true,
    });
    state = await detail('teacher', id);
    expect(state.done).toBe(2);
    // Every module done, but the 30 minutes since the first module opened are not over.
    expect(state.minMinutes).toBe(30);
    expect(state.test!.open).toBe(false);
    expect(Date.parse(state.test!.opensAt!)).toBeGreaterThan(Date.now() + 25 * 60_000);
    for (const [locale, text] of [
      [
        'ru',
        /^Итоговый тест откроется, когда с начала изучения курса пройдёт не меньше 30 мин\.: с \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
      ],
      ['kz', /^Қорытынды тест курсты оқуға кемінде 30 минут өткеннен кейін ашылады/],
    ] as const) {
      const tooSoon = await as(
        'teacher',
        'POST',
        `${P}/${id}/test`,
        { moduleAnswers: RIGHT },
        locale,
      );
      expect(tooSoon.status).toBe(409);
      expect(tooSoon.body.message).toMatch(text);
    }
    expect((await detail('teacher', id)).certificateInfo).toBeNull();

    // Half an hour later (the clock of the work moved back): the test opens, a pass certifies.
    await server.db.query(
      `UPDATE course_module_work SET opened_at = opened_at - interval '31 minutes'
        WHERE user_id = (SELECT id FROM users WHERE login = 'teacher')
          AND module_id IN (SELECT id FROM course_modules WHERE course_id = $1)`,
      [id],
    );
    state = await detail('teacher', id);
    expect(state.test).toMatchObject({ open: true, opensAt: null });
    const passed = await as('teacher', 'POST', `${P}/${id}/test`, { moduleAnswers: RIGHT });
    const result = CourseTestResponseSchema.parse(passed.body).data;
    expect(result.passed).toBe(true);
    expect(result.certificate?.code).toMatch(/^[A-Z0-9-]+$/);
  });

  it('a final test in use shows no keys in its review to anyone; another school’s keys never reach an individual', async () => {
    // School 1 puts a copy of the methodist's test on a coming lesson of 7А: the exam (its
    // family of copies) is in use while that lesson's window is to come.
    const lesson = await server.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
         JOIN users u ON u.id = s.teacher_id
        WHERE u.login = 'teacher' AND l.lesson_date >= current_date + 1 AND l.content_draft_id IS NULL
        ORDER BY l.lesson_date LIMIT 1`,
    );
    const attached = await as(
      'teacher',
      'POST',
      `/api/v2/os/catalogue/${DEMO_COURSE_TEST_ID}/attach`,
      {
        scheduleId: lesson[0]!.id,
      },
    );
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    const id = await course([LECTURE]);

    const failOnce = async (who: string) => {
      expect((await as(who, 'POST', `${P}/${id}/enrolment`)).status).toBe(200);
      for (const m of (await detail(who, id)).list)
        expect((await as(who, 'GET', `${P}/${id}/modules/${m.id}`)).status).toBe(200);
      const res = await as(who, 'POST', `${P}/${id}/test`, { moduleAnswers: WRONG });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return CourseTestResponseSchema.parse(res.body).data;
    };
    for (const who of ['school2-teacher', 'teacher']) {
      const failed = await failOnce(who);
      expect(failed.passed).toBe(false);
      expect(failed.review!.keysHidden).toBe('inUse');
      expect(keysIn(failed.review!.content)).toEqual([]);
      // The same review with the course later.
      const again = (await detail(who, id)).test!.last!.review!;
      expect(again.keysHidden).toBe('inUse');
      expect(keysIn(again.content)).toEqual([]);
    }
    // The individual (no school): never another school's keys, in use or not.
    const individual = await failOnce('individual');
    expect(individual.review!.keysHidden).toBe('inUse');

    // The lesson's window closes: staff who could read the shared exam see the keys of their
    // wrong tasks again; the individual still does not.
    await server.db.query(
      `UPDATE lessons SET exam_opens_at = now() - interval '2 days', exam_closes_at = now() - interval '1 day'
        WHERE id = $1`,
      [lesson[0]!.id],
    );
    const freed = (await detail('school2-teacher', id)).test!.last!.review!;
    expect(freed.keysHidden).toBeNull();
    expect(keysIn(freed.content).length).toBeGreaterThan(0);
    const stillHidden = (await detail('individual', id)).test!.last!.review!;
    expect(stillHidden.keysHidden).toBe('otherSchool');
    expect(keysIn(stillHidden.content)).toEqual([]);
  });
});
