import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LectureShow from './LectureShow';
import Plan from './Plan';
import Plans from './Plans';
import ProductView from './ProductView';
import { at, serve } from './test-kit';
import { KTP_TEXTS } from './texts';

configure({ asyncUtilTimeout: 5000 });

const kz = KTP_TEXTS.kz;
const ru = KTP_TEXTS.ru;

afterEach(() => vi.unstubAllGlobals());

const summary = (n: number, hours: number) => ({
  id: 9,
  group: { id: 7, name: '7А' },
  subject: { id: 12, name: 'География' },
  schoolYear: '2026-2027',
  teacher: null,
  lessonCount: n,
  hours,
  linked: 0,
  canManage: true,
});

interface FakeLesson {
  uuid: string;
  topic: string;
  hours: number;
  quarter: number;
  plannedDate: string | null;
}

/** A plan kept in memory behind the edit routes, answering as the server does. */
function fakePlan(start: FakeLesson[]) {
  const lessons = [...start];
  let seq = 0;
  const data = () => ({
    data: {
      plan: summary(
        lessons.length,
        lessons.reduce((n, l) => n + l.hours, 0),
      ),
      lessons: lessons.map((l, i) => ({
        ...l,
        number: i + 1,
        date: l.plannedDate,
        content: [],
        lessons: [],
      })),
    },
  });
  const uuidOf = (p: string) => p.split('/')[5]!;
  const calls = serve({
    'GET /api/v2/os/calendar-plans/9': () => [200, data()],
    'POST /api/v2/os/calendar-plans/9/lessons': (b) => {
      lessons.push({
        uuid: `00000000-0000-4000-8000-00000000000${++seq}`,
        topic: b.topic,
        hours: b.hours,
        quarter: b.quarter,
        plannedDate: b.date,
      });
      return [201, data()];
    },
    'PUT /api/v2/os/calendar-plan-lessons/[^/]+': (b, p) => {
      if (b.date === '1999-01-01')
        return [
          422,
          {
            message: 'Деректер қате',
            errors: { date: ['Күн жоспардың оқу жылының ішінде болуы керек'] },
          },
        ];
      const l = lessons.find((x) => x.uuid === uuidOf(p))!;
      Object.assign(l, { ...b, plannedDate: b.date ?? null });
      return [200, data()];
    },
    'POST /api/v2/os/calendar-plan-lessons/[^/]+/move': (b, p) => {
      const i = lessons.findIndex((x) => x.uuid === uuidOf(p));
      const [l] = lessons.splice(i, 1);
      lessons.splice(b.position - 1, 0, l!);
      return [200, data()];
    },
    'DELETE /api/v2/os/calendar-plan-lessons/[^/]+': (_b, p) => {
      lessons.splice(
        lessons.findIndex((x) => x.uuid === uuidOf(p)),
        1,
      );
      return [200, data()];
    },
    'PUT /api/v2/os/calendar-plans/9/lessons': (b) => {
      if (String(b.text).includes('қате'))
        return [
          422,
          {
            message: 'Жолдарда қате бар (2): ештеңе сақталмады',
            errors: {
              'rows.10': ['10-жол: тоқсан 1, 2, 3 немесе 4 болуы керек'],
              'rows.3': ['3-жол: тақырып бос'],
            },
          },
        ];
      lessons.splice(0, lessons.length, {
        uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
        topic: 'Импортталған',
        hours: 2,
        quarter: 1,
        plannedDate: null,
      });
      return [200, data()];
    },
  });
  return { calls, lessons };
}

/** Plan lessons u1, u2, … of one hour in quarter 1 without a planned date, with these topics. */
const oneHour = (...topics: string[]): FakeLesson[] =>
  topics.map((topic, i) => ({ uuid: `u${i + 1}`, topic, hours: 1, quarter: 1, plannedDate: null }));

const UUID = '0b7a2c1e-4f7d-4c55-9a8b-1d2e3f405162';

/** Plan lesson №1 «Бір» (one hour, no dates) as the server sends it, carrying `content`. */
const lessonOne = (uuid: string, content: unknown[] = []) => ({
  uuid,
  number: 1,
  topic: 'Бір',
  hours: 1,
  quarter: 1,
  date: null,
  plannedDate: null,
  content,
  lessons: [],
});

/** GET …/calendar-plan-lessons/{UUID} of the one-lesson plan: the lesson with `content`. */
const lessonData = (content: unknown[], documents: unknown[] = []) => ({
  data: { plan: summary(1, 1), lesson: lessonOne(UUID, content), documents, answers: [] },
});

const PLAN_URL = '/kk/backoffice/ktp/7/9';
const PLAN_PATTERN = '/:lang/backoffice/ktp/:groupId/:calendarPlanId';

/** The plan of `start` on screen, switched to edit mode: its server's calls and the user. */
async function editing(start: FakeLesson[]) {
  const fake = fakePlan(start);
  at(PLAN_URL, PLAN_PATTERN, <Plan />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: kz.editPlan }));
  return { ...fake, user };
}

describe('KTP editing screens', { timeout: 30_000 }, () => {
  it('the group page creates a plan for a subject without one and opens it', async () => {
    const calls = serve({
      'GET /api/v2/os/calendar-plans': () => [
        200,
        {
          data: {
            group: { id: 7, name: '7А' },
            plans: [],
            schoolYear: '2026-2027',
            available: [
              { id: 12, name: 'География' },
              { id: 13, name: 'Тарих' },
            ],
          },
        },
      ],
      'POST /api/v2/os/calendar-plans': (b) =>
        b.subjectId === 13
          ? [201, { data: { plan: { ...summary(0, 0), id: 21 }, lessons: [] } }]
          : [422, { message: 'x', errors: { subjectId: ['Жоспар бар'] } }],
    });
    at('/kk/backoffice/ktp/7', '/:lang/backoffice/ktp/:groupId', <Plans />);
    const form = await screen.findByRole('form', { name: '2026-2027 оқу жылына жаңа жоспар' });
    const select = within(form).getByLabelText(kz.chooseSubject);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['География', 'Тарих']);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: kz.createPlan }));
    expect((await screen.findByRole('alert')).textContent).toBe('Жоспар бар');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(select, '13');
    await user.click(within(form).getByRole('button', { name: kz.createPlan }));
    expect((await screen.findByTestId('where')).textContent).toBe('/kk/backoffice/ktp/7/21');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { groupId: 7, subjectId: 12, schoolYear: '2026-2027' },
      { groupId: 7, subjectId: 13, schoolYear: '2026-2027' },
    ]);
  });

  it('an empty plan opens in edit mode; rows are added with validation in place', async () => {
    const { calls } = fakePlan([]);
    at(PLAN_URL, PLAN_PATTERN, <Plan />);
    expect(await screen.findByText(kz.emptyPlan)).toBeTruthy();
    const user = userEvent.setup();
    const add = screen.getByRole('form', { name: kz.addLessonTitle });
    const topic = within(add).getByLabelText(kz.topic);
    const hours = within(add).getByLabelText(kz.hours);
    await user.clear(hours);
    await user.type(hours, '11');
    await user.click(within(add).getByRole('button', { name: kz.addLesson }));
    // Refused before sending, the messages next to the fields, focus on the first bad one.
    expect(within(add).getByText(kz.errTopic)).toBeTruthy();
    expect(within(add).getByText(kz.errHours)).toBeTruthy();
    expect(topic.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(topic);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    for (const name of ['Материк', 'Мұхит', 'Тау']) {
      await user.type(within(add).getByLabelText(kz.topic), name);
      await user.clear(within(add).getByLabelText(kz.hours));
      await user.type(within(add).getByLabelText(kz.hours), '2{Enter}');
      expect(await screen.findByDisplayValue(name)).toBeTruthy();
    }
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual(
      ['Материк', 'Мұхит', 'Тау'].map((topic) => ({ topic, hours: 2, quarter: 1, date: null })),
    );
    expect(screen.getByRole('status').textContent).toBe('№3 сабақ қосылды');
    expect(document.querySelector('.ktp-muted')?.textContent).toContain('Сағат: 6');
  });

  it('edits a row in place: client checks, server errors by the field, Enter saves', async () => {
    const { calls, user } = await editing([
      { uuid: 'u1', topic: 'Материк', hours: 2, quarter: 1, plannedDate: null },
    ]);
    const topic = screen.getByLabelText('№1 тақырыбы');
    const save = screen.getByRole('button', { name: '№1 сақтау' });
    expect((save as HTMLButtonElement).disabled).toBe(true); // nothing changed yet
    await user.clear(topic);
    await user.click(save);
    expect(screen.getByText(kz.errTopic)).toBeTruthy();
    // The message is the field's own description (what a screen reader reads with it).
    const described = (topic.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(kz.errTopic);
    // A date that is not DD.MM.YYYY is refused at the field before anything is sent.
    const date = screen.getByLabelText('№1 күні');
    await user.type(date, '1999-01-01');
    await user.click(save);
    expect(screen.getByText(kz.errDate)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(date, { target: { value: '01.01.1999' } });
    await user.type(topic, 'Материктер');
    await user.click(save);
    expect(await screen.findByText('Күн жоспардың оқу жылының ішінде болуы керек')).toBeTruthy();
    expect(screen.getByLabelText('№1 күні').getAttribute('aria-invalid')).toBe('true');
    // Typed as DD.MM.YYYY or picked in the calendar: the same ISO date goes to the server.
    await user.clear(date);
    await user.type(date, '08.09.2026');
    await user.click(screen.getByRole('button', { name: 'Күнтізбені ашу: №1 күні' }));
    await user.click(await screen.findByRole('button', { name: '7 қыркүйек 2026' }));
    expect((date as HTMLInputElement).value).toBe('07.09.2026');
    await user.selectOptions(screen.getByLabelText('№1 тоқсаны'), '2');
    await user.click(topic);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(kz.saved)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      topic: 'Материктер',
      hours: 2,
      quarter: 2,
      date: '2026-09-07',
    });
    // Finishing edit mode shows the saved row in the table.
    await user.click(screen.getByRole('button', { name: kz.finishEdit }));
    expect(screen.getByRole('rowheader', { name: 'Материктер' })).toBeTruthy();
    expect(screen.getByText('07.09.2026')).toBeTruthy();
  });

  it('reorders with Alt+↓ and the arrow buttons; focus stays with the moved row', async () => {
    const { calls, user } = await editing(oneHour('Бір', 'Екі', 'Үш'));
    const order = () =>
      screen
        .getAllByRole('textbox')
        .filter((x) => x.id.endsWith('-topic') && x.id.startsWith('ktp-l-'))
        .map((x) => (x as HTMLInputElement).value);
    expect(order()).toEqual(['Бір', 'Екі', 'Үш']);
    screen.getByLabelText('№1 тақырыбы').focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(order()).toEqual(['Екі', 'Бір', 'Үш']));
    expect(screen.getByRole('status').textContent).toBe('«Бір» енді №2');
    await waitFor(() => expect(document.activeElement?.id).toBe('ktp-l-u1-topic'));
    // The ↑ button of the row now first: it is disabled there, so focus goes to ↓.
    await user.click(screen.getByRole('button', { name: `${kz.moveUp}: №3` }));
    await waitFor(() => expect(order()).toEqual(['Екі', 'Үш', 'Бір']));
    await user.click(screen.getByRole('button', { name: `${kz.moveDown}: №1` }));
    await waitFor(() => expect(order()).toEqual(['Үш', 'Екі', 'Бір']));
    await user.click(screen.getByRole('button', { name: `${kz.moveUp}: №2` }));
    await waitFor(() => expect(order()).toEqual(['Екі', 'Үш', 'Бір']));
    await waitFor(() => expect(document.activeElement?.id).toBe('ktp-l-u2-down'));
    expect(calls.filter((c) => c.path.endsWith('/move')).map((c) => c.body)).toEqual([
      { position: 2 },
      { position: 2 },
      { position: 2 },
      { position: 1 },
    ]);
    // Alt+↑ on the first row changes nothing (no call).
    screen.getByLabelText('№1 тақырыбы').focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(calls.filter((c) => c.path.endsWith('/move'))).toHaveLength(4);
  });

  it('reorders by dragging a row onto another', async () => {
    const { calls } = await editing(oneHour('Бір', 'Екі'));
    const handle = screen.getByTitle('№2 сабақты сүйреу');
    const target = screen.getByLabelText('№1 тақырыбы').closest('tr')!;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() =>
      expect((screen.getByLabelText('№1 тақырыбы') as HTMLInputElement).value).toBe('Екі'),
    );
    expect(calls.find((c) => c.path.endsWith('/move'))).toEqual({
      method: 'POST',
      path: '/api/v2/os/calendar-plan-lessons/u2/move',
      body: { position: 1 },
    });
  });

  it('deletes a row only after confirming', async () => {
    const { calls, user } = await editing(oneHour('Бір', 'Екі'));
    await user.click(screen.getByRole('button', { name: `${kz.deleteLesson}: №1` }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('№1 «Бір» сабағын жоясыз ба?');
    await user.click(within(dialog).getByRole('button', { name: kz.cancel }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `${kz.deleteLesson}: №1` }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: kz.deleteLesson }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('№1 тақырыбы') as HTMLInputElement).value).toBe('Екі'),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/v2/os/calendar-plan-lessons/u1',
    ]);
    expect(screen.getByRole('status').textContent).toBe(kz.lessonDeleted);
  });

  it('import: bad rows listed in row order and nothing changes; a good list replaces the plan', async () => {
    const { calls, user } = await editing(oneHour('Бір'));
    await user.click(screen.getByText(kz.importText));
    const area = screen.getByLabelText(kz.importTextLabel);
    fireEvent.change(area, { target: { value: '1\tқате\t1\t9' } });
    await user.click(screen.getByRole('button', { name: kz.importApply }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(kz.importFailed);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3-жол: тақырып бос', '10-жол: тоқсан 1, 2, 3 немесе 4 болуы керек']);
    expect((screen.getByLabelText('№1 тақырыбы') as HTMLInputElement).value).toBe('Бір');
    // An .xlsx goes to the file service first (multipart, use=ktp); the import names its id.
    const fileId = '0b6c2d4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
    const sent: string[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
        status = 0;
        responseText = '';
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        onabort: (() => void) | null = null;
        private url = '';
        open(method: string, url: string) {
          this.url = `${method} ${url}`;
        }
        setRequestHeader() {}
        getResponseHeader() {
          return null;
        }
        send() {
          sent.push(this.url);
          this.status = 201;
          this.responseText = JSON.stringify({
            data: {
              use: 'ktp',
              id: null,
              name: fileId,
              label: 'ktp.xlsx',
              mime: 'x',
              size: 4,
              url: '',
            },
          });
          setTimeout(() => this.onload?.(), 0);
        }
        abort() {}
      },
    );
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'ktp.xlsx');
    await user.upload(screen.getByLabelText(kz.importXlsx, { selector: 'input' }), file);
    await waitFor(() =>
      expect((screen.getByLabelText('№1 тақырыбы') as HTMLInputElement).value).toBe('Импортталған'),
    );
    expect(
      calls.filter((c) => c.path.endsWith('/lessons') && c.method === 'PUT').at(-1)?.body,
    ).toEqual({ fileId });
    expect(sent).toEqual(['POST /api/v2/os/files?use=ktp']);
    expect(screen.getByRole('status').textContent).toBe('Жоспар ауыстырылды: 1 сабақ');
    expect(screen.queryByText(kz.importFailed)).toBeNull();
  });

  it('readers get no edit mode but can export', async () => {
    const lessons = [lessonOne('u1')];
    const calls = serve({
      'GET /api/v2/os/calendar-plans/9': () => [
        200,
        { data: { plan: { ...summary(1, 1), canManage: false }, lessons } },
      ],
      'GET /api/v2/os/calendar-plans/9/export': () => [200, {}],
    });
    const created = vi.fn(() => 'blob:x');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      at(PLAN_URL, PLAN_PATTERN, <Plan />);
      await screen.findByText(kz.readOnly);
      expect(screen.queryByRole('button', { name: kz.editPlan })).toBeNull();
      await userEvent.setup().click(screen.getByRole('button', { name: kz.exportXlsx }));
      await waitFor(() => expect(created).toHaveBeenCalled());
      expect(click).toHaveBeenCalled();
      expect(calls.at(-1)?.path).toBe('/api/v2/os/calendar-plans/9/export');
    } finally {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
      click.mockRestore();
    }
  });

  it('product view: unlinking asks first, like the lecture view', async () => {
    const sor = { kind: 'sor', draftId: 'sor-1', title: 'БЖБ', status: 'published', ownerId: 2 };
    const calls = serve({
      [`GET /api/v2/os/calendar-plan-lessons/${UUID}`]: () => [200, lessonData([sor])],
      'GET /api/v2/os/schedule/published-content': () => [200, { data: [] }],
      [`PUT /api/v2/os/calendar-plan-lessons/${UUID}/content`]: () => [200, lessonData([])],
    });
    at(
      `/ru/schedule/sor/control/view/${UUID}`,
      '/:lang/schedule/:product/control/view/:calendarPlanLessonUUID',
      <ProductView />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: kz.unlink }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(kz.unlinkProductConfirm);
    await user.click(within(dialog).getByRole('button', { name: kz.cancel }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: kz.unlink }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: kz.unlink }),
    );
    expect(await screen.findByText(kz.unlinked)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ kind: 'sor', draftId: null });
    expect(ru.unlinkProductConfirm).toContain('Отвязать');
  });

  it('show: Esc in full screen leaves full screen and the show in one press', async () => {
    serve({
      [`GET /api/v2/os/calendar-plan-lessons/${UUID}`]: () => [
        200,
        lessonData(
          [],
          [
            {
              kind: 'lecture',
              draft: {
                id: 'l',
                type: 'lecture',
                title: 'Дәріс',
                lang: 'kz',
                summary: '',
                version: 1,
                class: 7,
                pages: [{ id: 'p', title: 'Бет', expand: true, modules: [] }],
              },
            },
          ],
        ),
      ],
    });
    const exitFullscreen = vi.fn(async () => {});
    Object.defineProperty(document, 'fullscreenElement', {
      configurable: true,
      get: () => document.body,
    });
    Object.defineProperty(document, 'exitFullscreen', {
      configurable: true,
      value: exitFullscreen,
    });
    try {
      at(
        `/kk/schedule/lecture/control/show/${UUID}`,
        '/:lang/schedule/lecture/control/show/:calendarPlanLessonUUID',
        <LectureShow />,
      );
      await screen.findByRole('heading', { name: 'Дәріс' });
      fireEvent.keyDown(window, { key: 'Escape' });
      expect((await screen.findByTestId('where')).textContent).toBe(
        `/kk/schedule/lecture/control/view/${UUID}`,
      );
      expect(exitFullscreen).toHaveBeenCalled();
    } finally {
      delete (document as unknown as Record<string, unknown>).fullscreenElement;
      delete (document as unknown as Record<string, unknown>).exitFullscreen;
    }
  });
});
