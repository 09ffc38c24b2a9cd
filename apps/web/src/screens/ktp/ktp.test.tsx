import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Answer from './Answer';
import Groups from './Groups';
import LectureCreate from './LectureCreate';
import LectureShow from './LectureShow';
import LectureView from './LectureView';
import Plan from './Plan';
import ProductView from './ProductView';
import { KtpLessonLink } from './KtpLessonLink';
import { at, serve } from './test-kit';
import { KTP_TEXTS } from './texts';

// The screens load lazily-imported editor parts: on a busy machine the first paint can take >1 s.
configure({ asyncUtilTimeout: 5000 });

const UUID = '0b7a2c1e-4f7d-4c55-9a8b-1d2e3f405162';
const UUID2 = '1c8b3d2f-5a8e-4d66-8b9c-2e3f40516273';

const plan = {
  id: 3,
  group: { id: 7, name: '7А' },
  subject: { id: 5, name: 'Алгебра' },
  schoolYear: '2026-2027',
  teacher: { id: 2, fullname: 'Ахметова Гүлнар Қайратқызы' },
  lessonCount: 2,
  hours: 5,
  linked: 1,
  canManage: true,
};

const lecture = {
  id: 'lec-1',
  type: 'lecture',
  title: 'Натурал көрсеткішті дәреже',
  lang: 'kz',
  summary: '',
  version: 3,
  class: 7,
  pages: [
    {
      id: 'p1',
      title: 'Теория',
      expand: true,
      modules: [
        {
          id: 't1',
          type: 'simple',
          title: 'Дәреже ұғымы',
          description: null,
          content: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'aⁿ = a · a · … · a' }] },
            ],
          },
          options: null,
        },
      ],
    },
    {
      id: 'p2',
      title: 'Өзіңді тексер',
      expand: true,
      modules: [
        {
          id: 'm1',
          type: 'task',
          title: 'Дәрежені есептеу',
          description: null,
          content: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: '3⁴ = ?' }] }],
          },
          options: {
            kind: 'choice',
            multiple: false,
            items: [
              { id: 'a', content: '81', right: true },
              { id: 'b', content: '12', right: false },
            ],
          },
        },
      ],
    },
  ],
};

const ktpLesson = (content: unknown[] = []) => ({
  uuid: UUID,
  number: 1,
  topic: 'Натурал көрсеткішті дәреже және оның қасиеттері',
  hours: 3,
  quarter: 1,
  date: '2026-09-02',
  content,
  lessons: [
    { scheduleId: 41, date: '2026-09-02', subgroup: null, contentDraftId: 'lec-1' },
    { scheduleId: 42, date: '2026-09-03', subgroup: null, contentDraftId: null },
  ],
});

/** GET …/calendar-plan-lessons/{UUID}: `plan`'s lesson with its documents and answers. */
const lessonData = (lesson: unknown, documents: unknown[] = [], answers: unknown[] = []) => ({
  data: { plan, lesson, documents, answers },
});

const linked = [
  { kind: 'lecture', draftId: 'lec-1', title: lecture.title, status: 'published', ownerId: 2 },
];

const kz = KTP_TEXTS.kz;

afterEach(() => vi.unstubAllGlobals());

/**
 * The create screen for `lesson`; creating answers with a new lecture `lectureId`. Returns the
 * recorded calls.
 */
function openCreate(lesson: unknown, lectureId: string) {
  const calls = serve({
    [`GET /api/v2/os/calendar-plan-lessons/${UUID}`]: () => [200, lessonData(lesson)],
    [`POST /api/v2/os/calendar-plan-lessons/${UUID}/lecture`]: () => [
      200,
      { data: { lectureId, created: true, lesson: ktpLesson() } },
    ],
  });
  at(
    `/kk/schedule/lecture/control/create/${UUID}`,
    '/:lang/schedule/lecture/control/create/:calendarPlanLessonUUID',
    <LectureCreate />,
  );
  return calls;
}

describe('KTP screens', () => {
  it('lists groups and shows an error with retry when loading fails', async () => {
    let fail = true;
    serve({
      'GET /api/v2/os/calendar-plans/groups': () =>
        fail
          ? [403, { message: 'Сервер қатесі' }]
          : [200, { data: [{ id: 7, name: '7А', plans: 13 }] }],
    });
    at('/kk/backoffice/ktp', '/:lang/backoffice/ktp', <Groups />);
    expect(await screen.findByText('Сервер қатесі')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: kz.retry }));
    const link = await screen.findByRole('link', { name: /7А/ });
    expect(link.getAttribute('href')).toBe('/kk/backoffice/ktp/7');
    expect(link.textContent).toContain('Жоспар: 13');
  });

  it('the plan table links each lesson to its screens; read-only plans offer no creating', async () => {
    const second = { ...ktpLesson(), uuid: UUID2, number: 2, topic: 'Бірмүше', content: [] };
    serve({
      'GET /api/v2/os/calendar-plans/3': () => [
        200,
        { data: { plan, lessons: [ktpLesson(linked), second] } },
      ],
    });
    at('/kk/backoffice/ktp/7/3', '/:lang/backoffice/ktp/:groupId/:calendarPlanId', <Plan />);
    expect(await screen.findByRole('heading', { name: 'КТЖ: Алгебра · 7А' })).toBeTruthy();
    expect(screen.getByRole('link', { name: `${kz.viewLecture}: №1` }).getAttribute('href')).toBe(
      `/kk/schedule/lecture/control/view/${UUID}`,
    );
    expect(screen.getByRole('link', { name: `${kz.showLecture}: №1` }).getAttribute('href')).toBe(
      `/kk/schedule/lecture/control/show/${UUID}`,
    );
    expect(screen.getByRole('link', { name: `${kz.createLecture}: №2` }).getAttribute('href')).toBe(
      `/kk/schedule/lecture/control/create/${UUID2}`,
    );
    expect(screen.getByRole('link', { name: `Дәріс: ${lecture.title}` }).getAttribute('href')).toBe(
      `/kk/schedule/lecture/control/view/${UUID}`,
    );
  });

  it('create: makes the lecture and opens the builder', async () => {
    const calls = openCreate(ktpLesson(), 'new-lec');
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/kk/content/lectures/control/edit/new-lec',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { replace: false },
    ]);
  });

  it('create: a linked lecture is offered to open or to replace', async () => {
    const calls = openCreate(ktpLesson(linked), 'replaced');
    const open = await screen.findByRole('link', { name: kz.openLecture });
    expect(open.getAttribute('href')).toBe('/kk/content/lectures/control/edit/lec-1');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: kz.replaceLecture }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/kk/content/lectures/control/edit/replaced',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ replace: true });
  });

  it('view: header, the lecture as students see it, answers, and unlinking after confirming', async () => {
    const answers = [
      {
        answerId: 9,
        scheduleId: 41,
        date: '2026-09-02',
        student: { id: 20, fullname: 'Абенова Дана' },
        score: 2,
        maxScore: 4,
        percent: 50,
        pending: true,
        finishedAt: '2026-09-02T04:30:00Z',
      },
    ];
    const calls = serve({
      [`GET /api/v2/os/calendar-plan-lessons/${UUID}`]: () => [
        200,
        lessonData(ktpLesson(linked), [{ kind: 'lecture', draft: lecture }], answers),
      ],
      [`PUT /api/v2/os/calendar-plan-lessons/${UUID}/content`]: () => [
        200,
        lessonData(ktpLesson()),
      ],
    });
    at(
      `/kk/schedule/lecture/control/view/${UUID}`,
      '/:lang/schedule/lecture/control/view/:calendarPlanLessonUUID',
      <LectureView />,
    );
    expect(
      await screen.findByRole('heading', {
        name: 'Дәріс: №1. Натурал көрсеткішті дәреже және оның қасиеттері',
      }),
    ).toBeTruthy();
    expect(screen.getByText('02.09.2026', { selector: 'dd' })).toBeTruthy();
    const preview = screen.getByRole('region', { name: kz.preview });
    expect(within(preview).getByRole('heading', { name: lecture.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Абенова Дана' }).getAttribute('href')).toBe(
      '/kk/schedule/lecture/control/answer/41/9',
    );
    expect(screen.getByRole('link', { name: kz.editLecture }).getAttribute('href')).toBe(
      '/kk/content/lectures/control/edit/lec-1',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: kz.unlink }));
    const dialog = screen.getByRole('alertdialog');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: kz.unlink }));
    expect(await screen.findByText(kz.unlinked)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'lecture',
      draftId: null,
    });
    expect(screen.getByText(kz.noLecture)).toBeTruthy();
  });

  it('show: one page at a time, arrows and PageUp/PageDown turn pages, Esc leaves', async () => {
    serve({
      [`GET /api/v2/os/calendar-plan-lessons/${UUID}`]: () => [
        200,
        lessonData(ktpLesson(linked), [{ kind: 'lecture', draft: lecture }]),
      ],
    });
    at(
      `/kk/schedule/lecture/control/show/${UUID}`,
      '/:lang/schedule/lecture/control/show/:calendarPlanLessonUUID',
      <LectureShow />,
    );
    expect(await screen.findByRole('heading', { name: 'Теория' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Өзіңді тексер' })).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('heading', { name: 'Өзіңді тексер' })).toBeTruthy();
    expect(screen.getByText('2-бет / 2')).toBeTruthy();
    // Students' view: no right answer marked.
    expect(screen.queryByText(kz.rightAnswer)).toBeNull();
    fireEvent.keyDown(window, { key: 'PageDown' }); // already the last page
    expect(screen.getByText('2-бет / 2')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'PageUp' });
    expect(await screen.findByRole('heading', { name: 'Теория' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /Келесі бет/ }));
    expect(await screen.findByRole('heading', { name: 'Өзіңді тексер' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/kk/schedule/lecture/control/view/${UUID}`,
    );
  });

  it('product view: right answers for staff, linking a published SOR; an unknown product is a 404 page', async () => {
    const sor = { ...lecture, id: 'sor-1', type: 'sor', title: 'БЖБ: Дәреже' };
    const calls = serve({
      [`GET /api/v2/os/calendar-plan-lessons/${UUID}`]: () => [
        200,
        lessonData(ktpLesson(linked), [{ kind: 'lecture', draft: lecture }]),
      ],
      'GET /api/v2/os/schedule/published-content': () => [
        200,
        {
          data: [
            { id: 'sor-1', type: 'sor', title: 'БЖБ: Дәреже', version: 2, lang: 'kz' },
            { id: 'lec-1', type: 'lecture', title: lecture.title, version: 3, lang: 'kz' },
          ],
        },
      ],
      [`PUT /api/v2/os/calendar-plan-lessons/${UUID}/content`]: () => [
        200,
        lessonData(
          ktpLesson([
            ...linked,
            { kind: 'sor', draftId: 'sor-1', title: sor.title, status: 'published', ownerId: 2 },
          ]),
          [
            { kind: 'lecture', draft: lecture },
            { kind: 'sor', draft: sor },
          ],
        ),
      ],
    });
    const pattern = '/:lang/schedule/:product/control/view/:calendarPlanLessonUUID';
    const first = at(`/kk/schedule/lecture/control/view/${UUID}`, pattern, <ProductView />);
    expect(await screen.findByText(kz.rightAnswer)).toBeTruthy();
    expect(screen.getByText(kz.rightAnswer).closest('li')?.textContent).toContain('81');
    first.unmount();
    const second = at(`/kk/schedule/sor/control/view/${UUID}`, pattern, <ProductView />);
    expect(await screen.findByText('Бұл сабаққа «БЖБ» материалы қосылмаған')).toBeTruthy();
    const select = await screen.findByLabelText(kz.chooseDraft);
    // Only drafts of the screen's kind are offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'БЖБ: Дәреже']);
    const user = userEvent.setup();
    await user.selectOptions(select, 'sor-1');
    await user.click(screen.getByRole('button', { name: kz.link }));
    expect(await screen.findByText(kz.linkedNow)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ kind: 'sor', draftId: 'sor-1' });
    expect(screen.getByRole('heading', { name: 'БЖБ: Дәреже' })).toBeTruthy();
    second.unmount();
    at(`/kk/schedule/olympiad/control/view/${UUID}`, pattern, <ProductView />);
    expect(screen.getByRole('alert').textContent).toBe(kz.productNotFound);
  });

  it('answer: grades the open answer with a comment; bad points are refused before sending', async () => {
    const openDraft = {
      ...lecture,
      pages: [
        {
          id: 'p2',
          title: 'Өзіңді тексер',
          expand: true,
          modules: [
            lecture.pages[1]!.modules[0],
            {
              id: 'm3',
              type: 'task',
              title: 'Өз сөзіңмен',
              description: null,
              content: { type: 'doc', content: [] },
              options: null,
            },
          ],
        },
      ],
    };
    const attempt = (points: number | null, score: number) => ({
      id: 9,
      userId: 20,
      draftId: 'lec-1',
      version: 3,
      answers: { m1: { kind: 'choice', optionIds: ['a'] }, m3: { kind: 'open', text: '64 > 32' } },
      results: [
        {
          moduleId: 'm1',
          number: 1,
          title: 'Дәрежені есептеу',
          kind: 'choice',
          points: 1,
          max: 1,
          status: 'right',
        },
        {
          moduleId: 'm3',
          number: 2,
          title: 'Өз сөзіңмен',
          kind: 'open',
          points,
          max: 2,
          status: points === null ? 'pending' : 'right',
        },
      ],
      score,
      maxScore: 3,
      percent: Math.round((score / 3) * 1000) / 10,
      pending: points === null,
      finishedAt: '2026-09-02T04:30:00Z',
    });
    const data = (points: number | null, score: number, comment: string) => ({
      lesson: {
        id: 41,
        date: '2026-09-02',
        number: 2,
        startsAt: '08:50',
        endsAt: '09:30',
        shift: 1,
        group: { id: 7, name: '7А' },
        subgroup: null,
        subject: { id: 5, name: 'Алгебра' },
        teacher: null,
        theme: '',
        content: null,
        homeworkCount: 0,
      },
      plan,
      ktpLesson: ktpLesson(linked),
      student: { id: 20, fullname: 'Абенова Дана' },
      draft: openDraft,
      attempt: attempt(points, score),
      comment,
    });
    const calls = serve({
      'GET /api/v2/os/calendar-plan-answers/41/9': () => [200, { data: data(null, 1, '') }],
      'PUT /api/v2/os/calendar-plan-answers/41/9': (b) => {
        const body = b as { grades: { points: number }[]; comment: string };
        return [
          200,
          { data: data(body.grades[0]!.points, 1 + body.grades[0]!.points, body.comment) },
        ];
      },
    });
    at(
      '/kk/schedule/lecture/control/answer/41/9',
      '/:lang/schedule/lecture/control/answer/:scheduleId/:answerId',
      <Answer />,
    );
    expect(await screen.findByRole('heading', { name: 'Оқушы жауабы: Абенова Дана' })).toBeTruthy();
    expect(screen.getByText(/Нәтиже: 1 \/ 3/)).toBeTruthy();
    const user = userEvent.setup();
    const input = screen.getByLabelText('«Өз сөзіңмен» үшін балл (0–2)');
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: kz.saveAnswer }));
    expect(screen.getByText('Балл 0-ден 2-ге дейін болуы керек')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(input);
    await user.type(input, '2');
    await user.type(screen.getByLabelText(kz.comment), 'Жарайсың');
    await user.click(screen.getByRole('button', { name: kz.saveAnswer }));
    expect(await screen.findByText(kz.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      grades: [{ moduleId: 'm3', points: 2 }],
      comment: 'Жарайсың',
    });
    expect(screen.getByText(/Нәтиже: 3 \/ 3/)).toBeTruthy();
  });

  it("a dated lesson's page links to its plan lesson: staff to the view, students to the show", async () => {
    serve({
      'GET /api/v2/os/schedule/lesson/41/calendar-plan': () => [
        200,
        { data: { plan, lesson: ktpLesson(linked) } },
      ],
      'GET /api/v2/os/schedule/lesson/42/calendar-plan': () => [200, { data: null }],
    });
    const staff = at(
      '/kk/schedule/lesson/41',
      '/:lang/schedule/lesson/:id',
      <KtpLessonLink scheduleId={41} staff />,
    );
    const link = await screen.findByRole('link', { name: /^КТЖ сабағы: №1\. Натурал/ });
    expect(link.getAttribute('href')).toBe(`/kk/schedule/lecture/control/view/${UUID}`);
    staff.unmount();
    const student = at(
      '/kk/schedule/lesson/41',
      '/:lang/schedule/lesson/:id',
      <KtpLessonLink scheduleId={41} staff={false} />,
    );
    expect((await screen.findByRole('link', { name: /^КТЖ сабағы/ })).getAttribute('href')).toBe(
      `/kk/schedule/lecture/control/show/${UUID}`,
    );
    student.unmount();
    const { container } = at(
      '/kk/schedule/lesson/42',
      '/:lang/schedule/lesson/:id',
      <KtpLessonLink scheduleId={42} staff />,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('a')).toBeNull();
  });
});
