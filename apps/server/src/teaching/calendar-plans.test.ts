import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { DEMO_LECTURE_ID, KTP_TOPICS, seedCalendarPlans } from './calendar-plan-seed';
import { DEMO_SOR_ID } from './demo-content';

const P = '/api/v2/os';

/* eslint-disable @typescript-eslint/no-explicit-any */
describe.each(BACKENDS)('calendar plans (KTP) (%s)', (backend) => {
  let server: RunningServer;
  let teacher: string;
  let student: string;
  let director: string;
  let english: string;
  let groupLead: string;
  let teacherId: number;
  let g7a: number;
  let g8a: number;
  let algebraPlan: number;
  let kazakhPlan: number;
  let lessons: any[];

  const get = (path: string, token: string, locale: 'kz' | 'ru' = 'ru') =>
    call(server, 'GET', `${P}/${path}`, { token, locale });

  beforeAll(async () => {
    server = await startTestServer(backend);
    const t = await login(server, 'teacher');
    teacher = t.access_token;
    teacherId = t.user.userId;
    student = (await login(server, 'student')).access_token;
    director = (await login(server, 'director')).access_token;
    english = (await login(server, 'english-teacher')).access_token;
    groupLead = (await login(server, 'group-lead')).access_token;
    const g = await server.db.query<{ id: number; parallel: number }>(
      "SELECT g.id, g.parallel FROM groups g JOIN schools s ON s.id = g.school_id WHERE s.kind = 'school' AND g.letter = 'А' AND g.parallel IN (7, 8)",
    );
    g7a = g.find((x) => x.parallel === 7)!.id;
    g8a = g.find((x) => x.parallel === 8)!.id;
    // 8А gets its plans the same way (the demo seeds only 7А's).
    await server.db.transaction((tx) =>
      seedCalendarPlans(tx, g8a, new Date().toISOString().slice(0, 10)),
    );
  });
  afterAll(async () => server?.close());

  it('lists the groups a user may open: the teacher their own, management every group', async () => {
    const mine = await get('calendar-plans/groups', teacher);
    expect(mine.status).toBe(200);
    const names = mine.body.data.map((x: any) => x.name);
    expect(names).toContain('7А');
    expect(names).not.toContain('8А'); // the maths teacher teaches the 7th parallel only
    const seven = mine.body.data.find((x: any) => x.id === g7a);
    // 7А has a plan for each of its subjects with topics.
    const subjects = await server.db.query<{ code: string }>(
      `SELECT DISTINCT sub.code FROM timetable_slots s JOIN subjects sub ON sub.id = s.subject_id WHERE s.group_id = $1`,
      [g7a],
    );
    expect(seven.plans).toBe(subjects.filter((s) => KTP_TOPICS[s.code]).length);
    const all = await get('calendar-plans/groups', director);
    expect(all.body.data.map((x: any) => x.name)).toEqual(expect.arrayContaining(['7А', '8А']));
  });

  it("lists a group's plans with who may manage each; a group the user has nothing to do with is 404", async () => {
    const r = await get(`calendar-plans?groupId=${g7a}`, teacher);
    expect(r.status).toBe(200);
    expect(r.body.data.group.name).toBe('7А');
    const algebra = r.body.data.plans.find((p: any) => p.subject.name === 'Алгебра');
    const kazakh = r.body.data.plans.find((p: any) => p.subject.name === 'Казахский язык');
    expect(algebra.canManage).toBe(true);
    // The maths teacher also leads 7А (class teacher): every plan of the group is theirs to manage.
    expect(kazakh.canManage).toBe(true);
    expect(algebra.teacher.id).toBe(teacherId);
    expect(algebra.lessonCount).toBe(KTP_TOPICS.algebra!.length);
    algebraPlan = algebra.id;
    kazakhPlan = kazakh.id;
    expect((await get(`calendar-plans?groupId=${g8a}`, teacher)).status).toBe(404);
    const bad = await get('calendar-plans?groupId=abc', teacher);
    expect(bad.status).toBe(422);
    const lead = await get(`calendar-plans?groupId=${g7a}`, groupLead, 'kz');
    expect(lead.body.data.plans.every((p: any) => p.canManage)).toBe(true);
  });

  it('a plan: ordered lessons laid over the dated lessons of the year, hours for hours', async () => {
    const r = await get(`calendar-plans/${algebraPlan}`, teacher, 'kz');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    lessons = r.body.data.lessons;
    expect(lessons.map((l: any) => l.number)).toEqual(lessons.map((_: any, i: number) => i + 1));
    expect(lessons[0].topic).toBe(KTP_TOPICS.algebra![0]![0]);
    const dated = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
        WHERE s.group_id = $1 AND s.subject_id = (SELECT subject_id FROM calendar_plans WHERE id = $2)`,
      [g7a, algebraPlan],
    );
    expect(r.body.data.plan.hours).toBe(dated[0]!.n);
    for (const l of lessons) expect(l.lessons).toHaveLength(l.hours);
    // Dates follow each other: every plan lesson starts after the previous one ends.
    for (let i = 1; i < lessons.length; i++)
      expect(lessons[i].lessons[0].date >= lessons[i - 1].lessons.at(-1).date).toBe(true);
    expect(lessons[0].date).toBe(lessons[0].lessons[0].date);
    expect(lessons[0].content).toEqual([
      expect.objectContaining({ kind: 'lecture', draftId: DEMO_LECTURE_ID, status: 'published' }),
    ]);
    expect(lessons[0].lessons[0].contentDraftId).toBe(DEMO_LECTURE_ID);
    // Someone else's plan id answers 404; the english teacher reads the group's plans.
    expect((await get(`calendar-plans/999999`, teacher)).status).toBe(404);
    const en = await get(`calendar-plans/${algebraPlan}`, english);
    expect(en.status).toBe(200);
    expect(en.body.data.plan.canManage).toBe(false);
    const g8plans = await get(`calendar-plans?groupId=${g8a}`, director);
    expect((await get(`calendar-plans/${g8plans.body.data.plans[0].id}`, teacher)).status).toBe(
      404,
    );
  });

  it("a plan lesson: staff get the lecture with right answers and the pupils' answers", async () => {
    const r = await get(`calendar-plan-lessons/${lessons[0].uuid}`, teacher);
    expect(r.status).toBe(200);
    const doc = r.body.data.documents[0];
    expect(doc.kind).toBe('lecture');
    expect(doc.draft.id).toBe(DEMO_LECTURE_ID);
    const m1 = doc.draft.pages[1].modules[0];
    expect(m1.options.items.find((i: any) => i.right).id).toBe('m1-a');
    const past = lessons[0].lessons[0].date <= new Date().toISOString().slice(0, 10);
    expect(r.body.data.answers.length).toBe(past ? 4 : 0);
    if (past) {
      const a = r.body.data.answers[0];
      expect(a.scheduleId).toBe(lessons[0].lessons[0].scheduleId);
      expect(a.maxScore).toBe(4);
    }
  });

  it("students read their own group's lecture without right answers, nothing else", async () => {
    const r = await get(`calendar-plan-lessons/${lessons[0].uuid}`, student, 'kz');
    expect(r.status).toBe(200);
    expect(r.body.data.answers).toEqual([]);
    const m1 = r.body.data.documents[0].draft.pages[1].modules[0];
    expect(m1.options.items.every((i: any) => i.right === false)).toBe(true);
    // The lecture's graded modules lose their descriptor rows too (issue 12), as staff keep them.
    expect(JSON.stringify(r.body.data.documents)).not.toContain('"mark":');
    const staff = await get(`calendar-plan-lessons/${lessons[0].uuid}`, teacher, 'kz');
    expect(JSON.stringify(staff.body.data.documents)).toContain('"mark":');
    // Another group's plan lesson: 404; staff lists: 403 by role.
    const other = await server.db.query<{ uuid: string }>(
      'SELECT l.uuid::text AS uuid FROM calendar_plan_lessons l JOIN calendar_plans cp ON cp.id = l.plan_id WHERE cp.group_id = $1 LIMIT 1',
      [g8a],
    );
    expect((await get(`calendar-plan-lessons/${other[0]!.uuid}`, student)).status).toBe(404);
    expect((await get(`calendar-plans/${algebraPlan}`, student)).status).toBe(403);
    const missing = await get(
      'calendar-plan-lessons/00000000-0000-4000-8000-000000000000',
      teacher,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Урок календарного плана не найден');
    expect((await get('calendar-plan-lessons/not-a-uuid', teacher)).status).toBe(422);
  });

  it('links and unlinks a published SOR; the dated lessons take it and drop it', async () => {
    const l = lessons[1];
    const url = `${P}/calendar-plan-lessons/${l.uuid}/content`;
    const denied = await call(server, 'PUT', url, {
      token: english,
      locale: 'kz',
      body: { kind: 'sor', draftId: DEMO_SOR_ID },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(
      'Бұл жоспарды пән мұғалімі, сынып жетекшісі немесе әкімшілік өзгертеді',
    );
    const wrongKind = await call(server, 'PUT', url, {
      token: teacher,
      locale: 'ru',
      body: { kind: 'lecture', draftId: DEMO_SOR_ID },
    });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors.draftId).toEqual(['Тип материала не совпадает с выбранным']);
    const unknown = await call(server, 'PUT', url, {
      token: teacher,
      body: { kind: 'sor', draftId: 'no-such-draft' },
    });
    expect(unknown.status).toBe(422);
    const badKind = await call(server, 'PUT', url, {
      token: teacher,
      body: { kind: 'olympiad', draftId: DEMO_SOR_ID },
    });
    expect(badKind.status).toBe(422);
    const ok = await call(server, 'PUT', url, {
      token: teacher,
      body: { kind: 'sor', draftId: DEMO_SOR_ID },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.lesson.content.map((c: any) => c.kind)).toEqual(['sor']);
    const free = l.lessons
      .filter((d: any) => d.contentDraftId === null)
      .map((d: any) => d.scheduleId);
    for (const d of ok.body.data.lesson.lessons)
      if (free.includes(d.scheduleId)) expect(d.contentDraftId).toBe(DEMO_SOR_ID);
    const off = await call(server, 'PUT', url, {
      token: teacher,
      body: { kind: 'sor', draftId: null },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.lesson.content).toEqual([]);
    for (const d of off.body.data.lesson.lessons)
      if (free.includes(d.scheduleId)) expect(d.contentDraftId).toBeNull();
  });

  it("refuses someone else's unpublished draft and links the teacher's own draft", async () => {
    const mk = (token: string, title: string) =>
      call(server, 'POST', `${P}/drafts`, {
        token,
        body: { init: { type: 'lesson', title, lang: 'kz' } },
      });
    const theirs = await mk(english, 'Ағылшын: жоба');
    expect(theirs.status).toBe(201);
    const url = `${P}/calendar-plan-lessons/${lessons[2].uuid}/content`;
    const refused = await call(server, 'PUT', url, {
      token: teacher,
      locale: 'kz',
      body: { kind: 'lesson', draftId: theirs.body.data.draft.id },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.draftId[0]).toMatch(/Материал табылмады/);
    const mine = await mk(teacher, 'Көпмүшелер: сабақ жоспары');
    const linked = await call(server, 'PUT', url, {
      token: teacher,
      body: { kind: 'lesson', draftId: mine.body.data.draft.id },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.lesson.content[0]).toMatchObject({ kind: 'lesson', status: 'draft' });
    // An unpublished draft is not put on the dated lessons.
    expect(
      linked.body.data.lesson.lessons.some(
        (d: any) => d.contentDraftId === mine.body.data.draft.id,
      ),
    ).toBe(false);
  });

  it('creates a lecture titled with the topic, returns it again, replaces it on request', async () => {
    const l = lessons[3];
    const url = `${P}/calendar-plan-lessons/${l.uuid}/lecture`;
    expect((await call(server, 'POST', url, { token: english, body: {} })).status).toBe(403);
    const made = await call(server, 'POST', url, { token: teacher, body: {} });
    expect(made.status).toBe(200);
    expect(made.body.data.created).toBe(true);
    const id = made.body.data.lectureId;
    const draft = await call(server, 'GET', `${P}/drafts/${id}`, { token: teacher });
    expect(draft.status).toBe(200);
    expect(draft.body.data.draft).toMatchObject({ type: 'lecture', title: l.topic, lang: 'kz' });
    expect(made.body.data.lesson.content).toEqual([
      expect.objectContaining({ kind: 'lecture', draftId: id, status: 'draft' }),
    ]);
    const again = await call(server, 'POST', url, { token: teacher, body: {} });
    expect(again.body.data).toMatchObject({ lectureId: id, created: false });
    const replaced = await call(server, 'POST', url, { token: teacher, body: { replace: true } });
    expect(replaced.body.data.created).toBe(true);
    expect(replaced.body.data.lectureId).not.toBe(id);
    // The old draft is kept for its owner, only unlinked.
    expect((await call(server, 'GET', `${P}/drafts/${id}`, { token: teacher })).status).toBe(200);
    // Replacing the demo lecture, which pupils answered: it stays on the lesson they answered in
    // and leaves the others.
    const first = lessons[0];
    const swap = await call(server, 'POST', `${P}/calendar-plan-lessons/${first.uuid}/lecture`, {
      token: teacher,
      body: { replace: true },
    });
    expect(swap.body.data.created).toBe(true);
    const answered = await server.db.query<{ id: number }>(
      'SELECT DISTINCT lesson_id AS id FROM attempts WHERE draft_id = $1',
      [DEMO_LECTURE_ID],
    );
    for (const d of swap.body.data.lesson.lessons)
      expect(d.contentDraftId).toBe(
        answered.some((a) => a.id === d.scheduleId) ? DEMO_LECTURE_ID : null,
      );
    // Put the demo lecture back for the tests after this one.
    const back = await call(server, 'PUT', `${P}/calendar-plan-lessons/${first.uuid}/content`, {
      token: teacher,
      body: { kind: 'lecture', draftId: DEMO_LECTURE_ID },
    });
    expect(back.status).toBe(200);
    expect(
      back.body.data.lesson.lessons.every((d: any) => d.contentDraftId === DEMO_LECTURE_ID),
    ).toBe(true);
    const bad = await call(server, 'POST', url, { token: teacher, body: { replace: 'yes' } });
    expect(bad.status).toBe(422);
  });

  it("a dated lesson finds its plan lesson (the lesson page's way to the KTP)", async () => {
    const scheduleId = lessons[0].lessons[0].scheduleId;
    const r = await get(`schedule/lesson/${scheduleId}/calendar-plan`, student);
    expect(r.status).toBe(200);
    expect(r.body.data.lesson.uuid).toBe(lessons[0].uuid);
    expect(r.body.data.plan.canManage).toBe(false);
    const t = await get(`schedule/lesson/${scheduleId}/calendar-plan`, teacher);
    expect(t.body.data.plan.canManage).toBe(true);
  });

  it("one pupil's answer: read, grade the open answer, comment; rights and bad input", async () => {
    const scheduleId = lessons[0].lessons[0].scheduleId;
    const attempts = await server.db.query<{ id: number }>(
      `SELECT a.id FROM attempts a WHERE a.lesson_id = $1 AND a.draft_id = $2 ORDER BY a.id`,
      [scheduleId, DEMO_LECTURE_ID],
    );
    if (attempts.length === 0) return; // the year has not started yet: nothing answered
    const id = attempts[0]!.id;
    const url = `${P}/calendar-plan-answers/${scheduleId}/${id}`;
    const r = await call(server, 'GET', url, { token: teacher });
    expect(r.status).toBe(200);
    expect(r.body.data.attempt.id).toBe(id);
    expect(r.body.data.ktpLesson.uuid).toBe(lessons[0].uuid);
    expect(r.body.data.attempt.pending).toBe(true);
    expect(r.body.data.comment).toBe('');
    expect((await call(server, 'GET', url, { token: english })).status).toBe(404);
    expect((await call(server, 'GET', url, { token: director })).status).toBe(200);
    expect(
      (
        await call(server, 'GET', `${P}/calendar-plan-answers/${scheduleId + 1}/${id}`, {
          token: director,
        })
      ).status,
    ).toBe(404);
    // A bad grade writes nothing, not even the comment sent with it.
    const over = await call(server, 'PUT', url, {
      token: teacher,
      locale: 'ru',
      body: { grades: [{ moduleId: 'm3', points: 5 }], comment: 'Жақсы' },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors['grades.0.points']).toEqual([
      'Балл не может превышать максимальный балл задания',
    ]);
    const auto = await call(server, 'PUT', url, {
      token: teacher,
      body: { grades: [{ moduleId: 'm1', points: 1 }] },
    });
    expect(auto.status).toBe(422);
    expect((await call(server, 'GET', url, { token: teacher })).body.data.comment).toBe('');
    const before = r.body.data.attempt.score;
    const ok = await call(server, 'PUT', url, {
      token: teacher,
      body: { grades: [{ moduleId: 'm3', points: 2 }], comment: 'Жарайсың, түсіндірмең дұрыс' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attempt.score).toBe(before + 2);
    expect(ok.body.data.attempt.pending).toBe(false);
    expect(ok.body.data.comment).toBe('Жарайсың, түсіндірмең дұрыс');
    const s = await call(server, 'PUT', url, { token: student, body: { comment: 'x' } });
    expect(s.status).toBe(403);
  });

  it("another subject's teacher reads the plan but neither changes it nor sees answers", async () => {
    const r = await get(`calendar-plans/${algebraPlan}`, english);
    const uuid = r.body.data.lessons[0].uuid;
    const put = await call(server, 'PUT', `${P}/calendar-plan-lessons/${uuid}/content`, {
      token: english,
      body: { kind: 'lecture', draftId: null },
    });
    expect(put.status).toBe(403);
    const view = await get(`calendar-plan-lessons/${uuid}`, english);
    expect(view.status).toBe(200);
    expect(view.body.data.answers).toEqual([]);
    expect(view.body.data.plan.canManage).toBe(false);
    // The english plan is the english teacher's own.
    const en = await get(`calendar-plans?groupId=${g7a}`, english);
    const plan = en.body.data.plans.find((p: any) => p.id === kazakhPlan);
    expect(plan.canManage).toBe(false);
  });

  it('seeding again changes nothing', async () => {
    const count = async () =>
      (
        await server.db.query<{ p: number; l: number; c: number; a: number }>(
          `SELECT (SELECT count(*)::int FROM calendar_plans) AS p, (SELECT count(*)::int FROM calendar_plan_lessons) AS l,
                  (SELECT count(*)::int FROM calendar_plan_content) AS c, (SELECT count(*)::int FROM attempts) AS a`,
        )
      )[0];
    const before = await count();
    const today = new Date().toISOString().slice(0, 10);
    await server.db.transaction(async (tx) => {
      await seedCalendarPlans(tx, g7a, today, { userId: teacherId, schoolId: 1 });
      await seedCalendarPlans(tx, g8a, today);
    });
    expect(await count()).toEqual(before);
  });
});
