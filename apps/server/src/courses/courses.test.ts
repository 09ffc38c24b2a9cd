import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  CertificateCheckResponseSchema,
  CourseDetailResponseSchema,
  CourseListResponseSchema,
  CoursePupilsResponseSchema,
  CourseTestResponseSchema,
} from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftSchema, type Module } from '@sabaq/engine';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { DEMO_CERTIFICATE_CODE, DEMO_COURSES, DEMO_COURSE_TEST_ID } from './course-seed';

const P = '/api/v2/os/courses';

/** The right options a module carries (none once its keys are removed). */
function rightOf(module: Module): string[] {
  const o = module.options;
  if (o?.kind === 'choice') return o.items.filter((i) => i.right).map((i) => i.id);
  if (o?.kind === 'select') return o.rightId === null ? [] : [o.rightId];
  return o ? o.links.map((l) => `${l.left}-${l.right}`) : [];
}

async function pdfItems(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const items: string[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items)
      if ('str' in item && item.str.trim() !== '') items.push(item.str.trim());
  }
  await pdf.destroy();
  return items;
}

describe.each(BACKENDS)('courses (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of [
      'teacher',
      'school2-teacher',
      'student',
      'guest',
      'individual',
      'director',
      'methodist',
    ])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (who: string, kind: 'teacher' | 'correction', locale: 'kz' | 'ru' = 'ru') => {
    const res = await call(server, 'GET', `${P}?kind=${kind}`, { token: tokens[who], locale });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CourseListResponseSchema.parse(res.body).data;
  };
  const show = async (who: string, id: number, locale: 'kz' | 'ru' = 'ru') => {
    const res = await call(server, 'GET', `${P}/${id}`, { token: tokens[who], locale });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CourseDetailResponseSchema.parse(res.body).data;
  };
  const mark = (who: string, id: number, moduleId: number, done = true) =>
    call(server, 'PUT', `${P}/${id}/modules/${moduleId}`, {
      token: tokens[who],
      body: { done },
      locale: 'ru',
    });
  /** Opens a module (issue 28: a teacher course's module without checks is then done). */
  const study = (who: string, id: number, moduleId: number) =>
    call(server, 'GET', `${P}/${id}/modules/${moduleId}`, { token: tokens[who], locale: 'ru' });

  it('lists the teacher courses and the correction courses to every signed-in user', async () => {
    const teacher = await list('teacher', 'teacher', 'kz');
    expect(teacher.items.map((c) => c.title)).toEqual([
      'Критериалды бағалау: теориядан тәжірибеге',
      'Сабақтағы цифрлық құралдар',
    ]);
    expect(teacher.canEnrol).toBe(true);
    expect(teacher.items.every((c) => c.modules === 3 && c.done === 0 && !c.enrolled)).toBe(true);
    expect((await list('student', 'teacher')).canEnrol).toBe(false);
    for (const who of ['student', 'guest', 'individual'])
      expect((await list(who, 'correction')).items.map((c) => c.title)).toEqual([
        'Развитие речи',
        'Мелкая моторика рук',
      ]);
    expect((await call(server, 'GET', P)).status).toBe(401);
    // The demo certificate of the deputy head checks without signing in.
    const demo = await call(server, 'GET', `/api/v2/os/certificates/${DEMO_CERTIFICATE_CODE}`);
    expect(CertificateCheckResponseSchema.parse(demo.body).data).toMatchObject({
      holder: 'Тоқтаров Ерлан Болатұлы',
      course: 'Сабақтағы цифрлық құралдар',
      hours: 16,
    });
    expect((await call(server, 'GET', `${P}/999999`, { token: tokens.teacher })).status).toBe(404);
  });

  it('a teacher enrols, studies every module, passes the test and gets a certificate', async () => {
    const [course] = (await list('teacher', 'teacher')).items;
    const id = course!.id;
    const before = await show('teacher', id);
    expect(before.canEnrol).toBe(true);
    expect(before.test).toBeNull();
    // Not enrolled: no marks, no test.
    expect((await mark('teacher', id, before.list[0]!.id)).status).toBe(409);
    const enrol = () => call(server, 'POST', `${P}/${id}/enrolment`, { token: tokens.teacher });
    expect((await enrol()).status).toBe(200);
    expect((await enrol()).status).toBe(409);
    // A student may not enrol.
    expect(
      (await call(server, 'POST', `${P}/${id}/enrolment`, { token: tokens.student })).status,
    ).toBe(403);

    const enrolled = await show('teacher', id);
    expect(enrolled.enrolled).toBe(true);
    expect(enrolled.test!.open).toBe(false);
    // The questions reach the learner without their answers.
    expect(enrolled.test!.questions).toHaveLength(5);
    expect(JSON.stringify(enrolled)).not.toMatch(/"answer"/);
    const take = (answers: { question: string; option: string }[]) =>
      call(server, 'POST', `${P}/${id}/test`, {
        token: tokens.teacher,
        body: { answers },
        locale: 'ru',
      });
    const early = await take([]);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/осталось: 3/);

    // A teacher course's module is not marked by hand (issue 28): it is done by its work.
    const byHand = await mark('teacher', id, enrolled.list[0]!.id);
    expect(byHand.status).toBe(409);
    expect(byHand.body.message).toBe(
      'Модуль курса повышения квалификации отмечается сам: откройте его и пройдите его проверку',
    );
    for (const module of enrolled.list)
      expect((await study('teacher', id, module.id)).status).toBe(200);
    // A module of another course: 404.
    const other = (await list('teacher', 'teacher')).items[1]!;
    const foreign = (await show('teacher', other.id)).list[0]!;
    expect((await study('teacher', id, foreign.id)).status).toBe(404);
    const studied = await show('teacher', id);
    expect(studied.done).toBe(3);
    expect(studied.test!.open).toBe(true);

    const seeded = DEMO_COURSES[0]!.questions;
    const right = seeded.map((q) => ({ question: q.id, option: q.answer }));
    const wrong = (q: (typeof seeded)[number]) => q.options.find((o) => o.id !== q.answer)!.id;
    // Unanswered question: 422 naming it.
    const partial = await take(right.slice(1));
    expect(partial.status).toBe(422);
    expect(partial.body.errors['answers.q1']).toEqual(['Ответьте на каждый вопрос']);
    // 3 of 5 = 60 %: below the 70 % mark, no certificate.
    const failed = await take(
      seeded.map((q, i) => ({ question: q.id, option: i < 3 ? q.answer : wrong(q) })),
    );
    expect(failed.status).toBe(200);
    const failure = CourseTestResponseSchema.parse(failed.body).data;
    expect([failure.correct, failure.percent, failure.passed]).toEqual([3, 60, false]);
    expect(failure.certificate).toBeNull();
    // The review: each question right or not; the wrong ones name the right option.
    expect(failure.review!.questions.map((q) => [q.id, q.right])).toEqual([
      ['q1', true],
      ['q2', true],
      ['q3', true],
      ['q4', false],
      ['q5', false],
    ]);
    const q4 = failure.review!.questions[3]!;
    expect(q4.text).toBe('Когда проводится СОР?');
    expect(q4.chosen).toEqual({ id: wrong(seeded[3]!), text: 'В начале каждого урока' });
    expect(q4.answer).toEqual({ id: 'a', text: 'После изучения раздела' });
    expect(failure.review!.questions[0]!.answer).toBeNull();
    // The page shows the same review again (the last attempt, after handing in).
    expect((await show('teacher', id)).test!.last!.review).toEqual(failure.review);
    expect(
      (await call(server, 'GET', `${P}/${id}/certificate`, { token: tokens.teacher })).status,
    ).toBe(404);

    const passed = CourseTestResponseSchema.parse((await take(right)).body).data;
    expect([passed.correct, passed.percent, passed.passed]).toEqual([5, 100, true]);
    const code = passed.certificate!.code;
    expect(code).toMatch(/^SBQ-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // A second pass keeps the first certificate.
    const again = CourseTestResponseSchema.parse((await take(right)).body).data;
    expect(again.certificate!.code).toBe(code);
    const after = await show('teacher', id);
    expect(after.certificateInfo!.code).toBe(code);
    expect(after.test!.last!.passed).toBe(true);

    for (const locale of ['kz', 'ru'] as const) {
      const res = await fetch(`${server.url}${P}/${id}/certificate`, {
        headers: { authorization: `Bearer ${tokens.teacher}`, 'x-localization': locale },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const text = (await pdfItems(Buffer.from(await res.arrayBuffer()))).join(' ');
      expect(text).toContain('Ахметова Гүлнар Қайратқызы');
      expect(text).toContain(DEMO_COURSES[0]!.title[locale]);
      expect(text).toContain(code);
      expect(text).toContain(locale === 'kz' ? '24 академиялық сағат' : '24 академических часов');
    }
    // Someone else has no certificate of this course.
    expect(
      (await call(server, 'GET', `${P}/${id}/certificate`, { token: tokens.director })).status,
    ).toBe(404);

    // Anyone checks the code, without signing in; a wrong code is 404.
    const check = await call(server, 'GET', `/api/v2/os/certificates/${code.toLowerCase()}`, {
      locale: 'kz',
    });
    expect(check.status).toBe(200);
    const checked = CertificateCheckResponseSchema.parse(check.body).data;
    expect(checked).toMatchObject({
      code,
      holder: 'Ахметова Гүлнар Қайратқызы',
      course: DEMO_COURSES[0]!.title.kz,
      hours: 24,
    });
    expect(checked.issuedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const unknown = await call(server, 'GET', '/api/v2/os/certificates/SBQ-AAAA-BBBB', {
      locale: 'ru',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Сертификат с таким кодом не выдавался');
  });

  it('an individual enrols too; correction courses take no enrolment', async () => {
    const [course] = (await list('individual', 'teacher')).items;
    expect(
      (await call(server, 'POST', `${P}/${course!.id}/enrolment`, { token: tokens.individual }))
        .status,
    ).toBe(200);
    const [correction] = (await list('teacher', 'correction')).items;
    expect(
      (await call(server, 'POST', `${P}/${correction!.id}/enrolment`, { token: tokens.teacher }))
        .status,
    ).toBe(409);
  });

  it("a pupil's correction progress is read by their own teacher only", async () => {
    const [course] = (await list('student', 'correction')).items;
    const id = course!.id;
    const detail = await show('student', id, 'kz');
    expect(detail.canStudy).toBe(true);
    expect(detail.canTrack).toBe(false);
    expect(detail.test).toBeNull();
    expect(detail.list[0]!.title).toBe('Артикуляциялық гимнастика');
    expect((await mark('student', id, detail.list[0]!.id)).status).toBe(200);
    expect((await mark('student', id, detail.list[1]!.id)).status).toBe(200);
    expect((await mark('student', id, detail.list[1]!.id, false)).status).toBe(200);
    expect((await show('student', id)).done).toBe(1);
    // A guest keeps their own progress.
    expect((await mark('guest', id, detail.list[2]!.id)).status).toBe(200);
    expect((await show('guest', id)).list.map((m) => m.done)).toEqual([false, false, true]);

    const pupils = async (who: string) => {
      const res = await call(server, 'GET', `${P}/${id}/pupils`, { token: tokens[who] });
      return { status: res.status, body: res.body };
    };
    const mine = await pupils('teacher');
    expect(mine.status).toBe(200);
    const table = CoursePupilsResponseSchema.parse(mine.body).data;
    expect(table.modules).toHaveLength(3);
    const pupil = table.pupils.find((p) => p.name === 'Серікбаев Әлихан')!;
    expect(pupil.group).toBe('7А');
    expect(pupil.done).toEqual([detail.list[0]!.id]);
    expect((await show('teacher', id)).canTrack).toBe(true);
    // The second school's teacher does not see this pupil; a pupil reads no table.
    const foreign = CoursePupilsResponseSchema.parse((await pupils('school2-teacher')).body).data;
    expect(foreign.pupils.map((p) => p.name)).not.toContain('Серікбаев Әлихан');
    expect((await pupils('student')).status).toBe(403);
    expect((await pupils('guest')).status).toBe(403);
    // A teacher course has no pupils' table.
    const teacherCourse = (await list('teacher', 'teacher')).items[0]!;
    expect(
      (await call(server, 'GET', `${P}/${teacherCourse.id}/pupils`, { token: tokens.teacher }))
        .status,
    ).toBe(404);
  });

  it('a personal subscription hides correction work from a student', async () => {
    const [student] = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE login = 'student'",
    );
    await server.db.query(
      `INSERT INTO subscriptions (user_id, type, tariff_type) VALUES ($1, 'personal', 'personal-year')`,
      [student!.id],
    );
    try {
      expect((await list('student', 'correction')).items).toEqual([]);
      const [course] = (await list('teacher', 'correction')).items;
      expect(
        (await call(server, 'GET', `${P}/${course!.id}`, { token: tokens.student })).status,
      ).toBe(404);
    } finally {
      await server.db.query("DELETE FROM subscriptions WHERE user_id = $1 AND type = 'personal'", [
        student!.id,
      ]);
    }
  });

  it('a builder final test reaches the learner without its keys; after handing in, the wrong tasks show their right answers and explanations', async () => {
    // A course of the demo methodist's SOCh (three scored tasks with explanations).
    const author = (method: string, path: string, body?: unknown) =>
      call(server, method, `/api/v2/os/course-authoring${path}`, {
        token: tokens.methodist,
        body,
      });
    const created = await author('POST', '', {
      title: { kz: 'Кері байланыс', ru: 'Обратная связь' },
      description: { kz: 'Сабақта', ru: 'На уроке' },
      subject: null,
      audience: 'all',
      hours: 6,
      passMark: 70,
    });
    const id = created.body.data.id as number;
    await author('POST', `/${id}/modules`, { draftId: 'demo-catalogue-water-ru' });
    await author('PUT', `/${id}/final-test`, { draftId: DEMO_COURSE_TEST_ID });
    expect((await author('PUT', `/${id}/publication`, { published: true })).status).toBe(200);

    const teacher = (method: string, path: string, body?: unknown) =>
      call(server, method, `${P}/${id}${path}`, { token: tokens.teacher, body, locale: 'ru' });
    await teacher('POST', '/enrolment');
    const before = await show('teacher', id);
    for (const module of before.list) await study('teacher', id, module.id);

    // Before handing in: no right option, no link, no explanation, no descriptor in the payload.
    const payload = (await teacher('GET', '')).body;
    const test = CourseDetailResponseSchema.parse(payload).data.test!;
    expect(test).toMatchObject({ source: 'content', size: 3, open: true, last: null });
    const modules = DraftSchema.parse(test.content).pages[0]!.modules;
    expect(modules.map((m) => m.id)).toEqual(['f1', 'f2', 'f3']);
    for (const m of modules) {
      expect(m.hints.solution).toBeNull();
      expect(m.descriptor.descriptorList).toEqual([]);
      expect(rightOf(m)).toEqual([]);
    }
    const text = JSON.stringify(payload);
    expect(text).not.toMatch(/"right":true/);
    expect(text).not.toContain('"rightId":"f2-b"');
    expect(text).not.toContain('Ученик успевает исправить работу');
    expect(text).not.toContain('суммативное оценивание');

    // f1 right, f2 wrong, f3 half right: 2 of 4 points, 50 % < 70 %.
    const res = await teacher('POST', '/test', {
      moduleAnswers: {
        f1: { kind: 'choice', optionIds: ['f1-a'] },
        f2: { kind: 'select', optionId: 'f2-a' },
        f3: { kind: 'choice', optionIds: ['f3-a'] },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const failed = CourseTestResponseSchema.parse(res.body).data;
    expect([failed.correct, failed.total, failed.percent, failed.passed]).toEqual([
      1,
      3,
      50,
      false,
    ]);
    const review = failed.review!;
    expect(review.results.map((r) => [r.moduleId, r.status, r.points, r.max])).toEqual([
      ['f1', 'right', 1, 1],
      ['f2', 'wrong', 0, 1],
      ['f3', 'partial', 1, 2],
    ]);
    expect(review.answers.f2).toEqual({ kind: 'select', optionId: 'f2-a' });
    const [f1, f2, f3] = DraftSchema.parse(review.content).pages[0]!.modules;
    // A task answered right keeps its keys hidden; the others show the right answer and why.
    expect(f1!.hints.solution).toBeNull();
    expect(rightOf(f1!)).toEqual([]);
    expect(rightOf(f2!)).toEqual(['f2-b']);
    expect(JSON.stringify(f2!.hints.solution)).toContain('Ученик успевает исправить работу');
    expect(rightOf(f3!)).toEqual(['f3-a', 'f3-b']);
    expect(JSON.stringify(f3!.hints.solution)).toContain('суммативное оценивание');
    // Shown again with the course, as long as the test is the one answered.
    expect((await show('teacher', id)).test!.last!.review).toEqual(review);
    // Another test: the demo teacher's SOCh, which they share first (issue 28: an exam is in
    // the catalogue, and can be chosen, only by its author's choice).
    expect(
      (await author('PUT', `/${id}/final-test`, { draftId: 'demo-soch-algebra-7-kz' })).status,
    ).toBe(422);
    const shared = await call(server, 'PUT', '/api/v2/os/drafts/demo-soch-algebra-7-kz/sharing', {
      token: tokens.teacher,
      body: { shared: true },
    });
    expect(shared.status).toBe(200);
    expect(
      (await author('PUT', `/${id}/final-test`, { draftId: 'demo-soch-algebra-7-kz' })).status,
    ).toBe(200);
    const changed = (await show('teacher', id)).test!;
    expect(changed.last).toMatchObject({ percent: 50, passed: false, review: null });
    expect(changed.size).toBe(1);
  });
});
