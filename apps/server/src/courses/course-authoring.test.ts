import {
  CourseAuthoringResponseSchema,
  CourseDetailResponseSchema,
  CourseDraftResponseSchema,
  CourseListResponseSchema,
  CourseTestResponseSchema,
} from '@sabaq/platform';
import type { CourseInput } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { DEMO_COURSE_TEST_ID, demoCourseTest } from './course-seed';

const A = '/api/v2/os/course-authoring';
const P = '/api/v2/os/courses';

const INPUT: CourseInput = {
  title: { kz: 'Формативті бағалау', ru: 'Формативное оценивание' },
  description: {
    kz: 'Сабақтағы кері байланыс пен критерийлер',
    ru: 'Обратная связь и критерии на уроке',
  },
  subject: null,
  audience: 'primary',
  hours: 18,
  passMark: 70,
};
/** Published catalogue items of the demo seed (catalogue/catalogue-seed.ts). */
const LECTURE = 'demo-catalogue-animal-cell-ru';
const LESSON = 'demo-catalogue-water-ru';

describe.each(BACKENDS)('writing courses (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['methodist', 'kindergarten-methodist', 'admin', 'teacher', 'director'])
      tokens[name] = (await login(server, name)).access_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const as =
    (who: string) =>
    (method: string, path: string, body?: unknown, locale: 'kz' | 'ru' = 'ru') =>
      call(server, method, path, { token: tokens[who], body, locale });
  const draft = (res: { status: number; body: unknown }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return CourseDraftResponseSchema.parse(res.body).data;
  };

  it('only the methodist and the administrator write courses: a teacher gets 403', async () => {
    const teacher = as('teacher');
    expect((await teacher('GET', A)).status).toBe(403);
    expect((await teacher('POST', A, INPUT)).status).toBe(403);
    const forbidden = await teacher('PUT', `${A}/1/publication`, { published: false });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Недостаточно прав для этого действия');
    expect((await as('director')('POST', A, INPUT)).status).toBe(403);
    // The course list tells authors apart.
    const list = async (who: string) =>
      CourseListResponseSchema.parse(
        (await call(server, 'GET', `${P}?kind=teacher`, { token: tokens[who] })).body,
      ).data;
    expect((await list('teacher')).canAuthor).toBe(false);
    expect((await list('methodist')).canAuthor).toBe(true);
    expect((await list('admin')).canAuthor).toBe(true);
  });

  it('refuses a bad course with field errors in the language of the request', async () => {
    const methodist = as('methodist');
    const bad = { ...INPUT, title: { kz: ' ', ru: 'Курс' }, hours: 0, audience: 'everyone' };
    const ru = await methodist('POST', A, bad, 'ru');
    expect(ru.status).toBe(422);
    expect(ru.body.errors['title.kz']).toEqual(['Обязательное поле']);
    expect(ru.body.errors.hours).toEqual(['Недопустимое значение']);
    expect(ru.body.errors.audience).toEqual(['Недопустимое значение']);
    const kz = await methodist('POST', A, bad, 'kz');
    expect(kz.body.errors['title.kz']).toEqual(['Міндетті өріс']);
    const subject = await methodist('POST', A, { ...INPUT, subject: 'alchemy' }, 'kz');
    expect(subject.status).toBe(422);
    expect(subject.body.errors.subject).toEqual(['Мұндай пән жоқ']);
    const long = await methodist('POST', A, { ...INPUT, passMark: 101 });
    expect(long.body.errors.passMark).toEqual(['Недопустимое значение']);
  });

  it('a methodist creates a course, adds, orders and removes modules, chooses the final test and publishes it; a teacher takes it', async () => {
    const methodist = as('methodist');
    const created = draft(await methodist('POST', A, { ...INPUT, subject: 'biology' }), 201);
    expect(created).toMatchObject({
      title: INPUT.title,
      audience: 'primary',
      subject: 'biology',
      published: false,
      modules: [],
      test: null,
      learners: 0,
      canRemove: true,
    });
    expect(created.problems).toEqual({
      modules: ['Добавьте хотя бы один модуль'],
      test: ['Выберите итоговый тест'],
    });
    const id = created.id;
    // Publishing now names both problems, in the request's language.
    const early = await methodist('PUT', `${A}/${id}/publication`, { published: true }, 'kz');
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('Курсты әзірге жариялауға болмайды');
    expect(early.body.errors).toEqual({
      modules: ['Кемінде бір модуль қосыңыз'],
      test: ['Қорытынды тестті таңдаңыз'],
    });

    // A draft is the author's: another methodist and the teachers do not find it.
    expect((await as('kindergarten-methodist')('GET', `${A}/${id}`)).status).toBe(404);
    expect((await call(server, 'GET', `${P}/${id}`, { token: tokens.teacher })).status).toBe(404);
    const kgList = CourseAuthoringResponseSchema.parse(
      (await as('kindergarten-methodist')('GET', A)).body,
    ).data;
    expect(kgList.items.map((c) => c.id)).not.toContain(id);
    const mine = CourseAuthoringResponseSchema.parse((await methodist('GET', A)).body).data;
    expect(mine.items[0]).toMatchObject({ id, published: false, modules: 0, hasTest: false });
    expect(mine.subjects.some((s) => s.code === 'biology')).toBe(true);

    // Modules: published lessons and lectures of the catalogue, each once.
    let course = draft(await methodist('POST', `${A}/${id}/modules`, { draftId: LECTURE }));
    course = draft(
      await methodist('POST', `${A}/${id}/modules`, {
        draftId: LESSON,
        title: { kz: 'Судың айналымы', ru: 'Круговорот воды' },
      }),
    );
    expect(course.modules.map((m) => [m.position, m.item.draftId, m.title.ru])).toEqual([
      [1, LECTURE, 'Строение животной клетки'],
      [2, LESSON, 'Круговорот воды'],
    ]);
    const twice = await methodist('POST', `${A}/${id}/modules`, { draftId: LESSON });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.draftId).toEqual(['Этот материал уже есть в курсе']);
    for (const draftId of [DEMO_COURSE_TEST_ID, 'no-such-item']) {
      const refused = await methodist('POST', `${A}/${id}/modules`, { draftId });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.draftId).toEqual([
        'Модулем может быть только опубликованный в каталоге урок или лекция',
      ]);
    }
    const [first, second] = course.modules;
    course = draft(
      await methodist('PUT', `${A}/${id}/modules`, { moduleIds: [second!.id, first!.id] }),
    );
    expect(course.modules.map((m) => [m.position, m.id])).toEqual([
      [1, second!.id],
      [2, first!.id],
    ]);
    const partial = await methodist('PUT', `${A}/${id}/modules`, { moduleIds: [first!.id] });
    expect(partial.status).toBe(422);
    expect(partial.body.errors.moduleIds).toEqual([
      'Перечислите каждый модуль курса по одному разу',
    ]);
    // A third module, then removed again: the numbering closes the gap.
    course = draft(
      await methodist('POST', `${A}/${id}/modules`, { draftId: 'demo-catalogue-present-ru' }),
    );
    const third = course.modules[2]!;
    course = draft(await methodist('DELETE', `${A}/${id}/modules/${second!.id}`));
    expect(course.modules.map((m) => [m.position, m.id])).toEqual([
      [1, first!.id],
      [2, third.id],
    ]);
    course = draft(await methodist('POST', `${A}/${id}/modules`, { draftId: LESSON }));
    expect(course.modules.map((m) => m.position)).toEqual([1, 2, 3]);
    expect((await methodist('DELETE', `${A}/${id}/modules/999999`)).status).toBe(404);

    // The final test: a published SOR/SOCh scored automatically.
    const lesson = await methodist('PUT', `${A}/${id}/final-test`, { draftId: LESSON });
    expect(lesson.body.errors.draftId).toEqual([
      'Итоговым тестом может быть только опубликованный в каталоге СОР или СОЧ',
    ]);
    // The demo SOR has an open answer nobody would grade.
    const open = await methodist('PUT', `${A}/${id}/final-test`, {
      draftId: 'demo-sor-algebra-7-kz',
    });
    expect(open.status).toBe(422);
    expect(open.body.errors.draftId[0]).toMatch(/открытым ответом/);
    course = draft(
      await methodist('PUT', `${A}/${id}/final-test`, { draftId: DEMO_COURSE_TEST_ID }),
    );
    expect(course.test).toMatchObject({
      source: 'content',
      draftId: DEMO_COURSE_TEST_ID,
      title: 'Итоговый тест: формативное оценивание',
      version: 1,
      size: 3,
    });
    expect(course.problems).toEqual({});

    course = draft(await methodist('PUT', `${A}/${id}/publication`, { published: true }));
    expect(course.published).toBe(true);
    // A published course keeps a final test.
    const noTest = await methodist('PUT', `${A}/${id}/final-test`, { draftId: null });
    expect(noTest.status).toBe(409);

    // A teacher finds it in control/courses/list and takes it.
    const teacher = (method: string, path: string, body?: unknown) =>
      call(server, method, path, { token: tokens.teacher, body, locale: 'ru' });
    const listed = CourseListResponseSchema.parse((await teacher('GET', `${P}?kind=teacher`)).body)
      .data.items;
    const found = listed.find((c) => c.id === id)!;
    expect(found).toMatchObject({
      title: 'Формативное оценивание',
      modules: 3,
      hours: 18,
      audience: 'primary',
      subjectName: 'Биология',
    });
    expect((await teacher('POST', `${P}/${id}/enrolment`)).status).toBe(200);
    const detail = CourseDetailResponseSchema.parse((await teacher('GET', `${P}/${id}`)).body).data;
    expect(detail.list.map((m) => m.item.draftId)).toEqual([
      LECTURE,
      'demo-catalogue-present-ru',
      LESSON,
    ]);
    expect(detail.test).toMatchObject({ source: 'content', size: 3, open: false, questions: [] });
    // Each module opened (issue 28: the demo lessons and lectures have no checks).
    for (const module of detail.list)
      expect((await teacher('GET', `${P}/${id}/modules/${module.id}`)).status).toBe(200);
    const test = demoCourseTest();
    const right = {
      f1: { kind: 'choice', optionIds: ['f1-a'] },
      f2: { kind: 'select', optionId: 'f2-b' },
      f3: { kind: 'choice', optionIds: ['f3-a', 'f3-b'] },
    };
    expect(test.pages[0]!.modules.map((m) => m.id)).toEqual(Object.keys(right));
    const missing = await teacher('POST', `${P}/${id}/test`, {
      moduleAnswers: { f1: right.f1, f3: right.f3 },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors['moduleAnswers.f2']).toEqual(['Ответьте на каждый вопрос']);
    const passed = CourseTestResponseSchema.parse(
      (await teacher('POST', `${P}/${id}/test`, { moduleAnswers: right })).body,
    ).data;
    expect([passed.correct, passed.total, passed.percent, passed.passed]).toEqual([
      3,
      3,
      100,
      true,
    ]);
    expect(passed.certificate?.code).toMatch(/^SBQ-/);

    // Now the modules the teacher studied stay; the course stays.
    const studied = draft(await methodist('GET', `${A}/${id}`));
    expect(studied.learners).toBe(1);
    expect(studied.canRemove).toBe(false);
    expect(studied.modules.every((m) => m.studied === 1)).toBe(true);
    const keep = await methodist('DELETE', `${A}/${id}/modules/${first!.id}`, undefined, 'ru');
    expect(keep.status).toBe(409);
    expect(keep.body.message).toBe(
      'Этот модуль уже отметили изученным педагоги (1): его нельзя убрать из курса, иначе пропадёт их прогресс',
    );
    const stay = await methodist('DELETE', `${A}/${id}`, undefined, 'kz');
    expect(stay.status).toBe(409);
    expect(stay.body.message).toMatch(/^Курсқа 1 педагог жазылған/);
    // Unpublished, the course leaves the teachers' list; their progress and certificate stay.
    draft(await methodist('PUT', `${A}/${id}/publication`, { published: false }));
    const hidden = CourseListResponseSchema.parse((await teacher('GET', `${P}?kind=teacher`)).body)
      .data.items;
    expect(hidden.map((c) => c.id)).not.toContain(id);
    const code = passed.certificate!.code;
    expect((await call(server, 'GET', `/api/v2/os/certificates/${code}`)).status).toBe(200);
  });

  it("someone else's published course is forbidden to change; the administrator changes any teacher course", async () => {
    const [seeded] = await server.db.query<{ id: number }>(
      "SELECT min(id) AS id FROM courses WHERE kind = 'teacher'",
    );
    const id = seeded!.id;
    const other = await as('kindergarten-methodist')('PUT', `${A}/${id}`, INPUT, 'ru');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Изменять этот курс может только его автор');
    // The demo methodist wrote the seeded courses; the administrator may edit them too.
    const seen = draft(await as('methodist')('GET', `${A}/${id}`));
    expect(seen.test).toMatchObject({ source: 'questions', size: 5, draftId: null });
    const admin = draft(
      await as('admin')('PUT', `${A}/${id}`, {
        ...INPUT,
        title: { kz: seen.title.kz, ru: seen.title.ru },
        description: seen.description,
        hours: seen.hours,
      }),
    );
    expect(admin.audience).toBe('primary');
    const all = CourseAuthoringResponseSchema.parse((await as('admin')('GET', A)).body).data;
    expect(all.items.map((c) => c.id)).toContain(id);
    // Correction courses are not written here.
    const [correction] = await server.db.query<{ id: number }>(
      "SELECT min(id) AS id FROM courses WHERE kind = 'correction'",
    );
    expect((await as('admin')('GET', `${A}/${correction!.id}`)).status).toBe(404);
  });

  it('removes a draft nobody enrolled in', async () => {
    const methodist = as('methodist');
    const { id } = draft(await methodist('POST', A, INPUT), 201);
    const gone = await methodist('DELETE', `${A}/${id}`, undefined, 'kz');
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('Курс жойылды');
    expect((await methodist('GET', `${A}/${id}`)).status).toBe(404);
  });
});
