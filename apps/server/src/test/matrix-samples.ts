import { API_ROUTES } from '@sabaq/platform';
import type { Role, RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { makeIin } from '../core/seed-data';
import { DEMO_LECTURE_ID } from '../teaching/calendar-plan-seed';
import { DEMO_SOR_ID, demoSoch } from '../teaching/demo-content';
import { BACKOFFICE_GROUP_OWN_LISTS, BACKOFFICE_GROUP_SAMPLES } from './matrix-samples-groups';
import { PERSONNEL_SAMPLES } from '../backoffice/personnel-samples';
import { ROSTER_OWN_LISTS, ROSTER_SAMPLES } from '../backoffice/roster-samples';
import { YEAR_OWN_LISTS, YEAR_SAMPLES } from '../backoffice/year-samples';
import { FILE_OWN_ROUTES, FILE_SAMPLES } from '../files/files-samples';
import { COMMERCE_OWN_ROUTES, COMMERCE_SAMPLES } from '../commerce/commerce-samples';
import { MEDIA_OWN_ROUTES, MEDIA_SAMPLES } from '../media/media-samples';
import { DEVELOPMENT_OWN_ROUTES, DEVELOPMENT_SAMPLES } from '../development/development-samples';
import { MONITORING_OWN_ROUTES, MONITORING_SAMPLES } from '../monitoring/monitoring-samples';
import { CONTEST_OWN_ROUTES, CONTEST_SAMPLES } from '../contests/contest-samples';
import { COURSE_OWN_ROUTES, COURSE_SAMPLES } from '../courses/course-samples';
import { CATALOGUE_MATRIX_SAMPLES, CATALOGUE_OWN_ROUTES } from '../catalogue/catalogue-samples';
import {
  KINDERGARTEN_OWN_ROUTES,
  KINDERGARTEN_SAMPLES,
} from '../kindergarten/kindergarten-samples';
import { METHODICAL_OWN_ROUTES, METHODICAL_SAMPLES } from '../methodical/methodical-samples';
import { SITE_SAMPLES } from '../site/site-samples';
import { STATISTICS_OWN_ROUTES, STATISTICS_SAMPLES } from '../statistics/statistics-samples';
import { RESULT_SAMPLES } from '../teaching/result-samples';
import { TIMETABLE_OWN_LISTS, TIMETABLE_SAMPLES } from '../backoffice/timetable-samples';
import { call, lastMail, login } from './harness';
import type { CallOptions } from './harness';

/**
 * A valid request per route for the route × role matrix (matrix.test.ts): what an allowed caller
 * sends to get a 2xx (or, where the domain itself rules a 2xx out for an admitted role, the exact
 * status it gets instead, with the reason). Every route of the policy table must have one:
 * matrix.test.ts fails for a route without a sample.
 */
export interface SampleContext {
  server: RunningServer;
  /** The caller's login (a demo user named after the role), or null when anonymous. */
  login: string | null;
  token: string | undefined;
  /** A fresh session of the caller, for routes that end the session they are called with. */
  freshToken(): Promise<string | undefined>;
  /** Unique per call, for rows that must not repeat (IINs, group letters). */
  unique: number;
}

export interface Sample {
  method?: string;
  path: string;
  opts?: CallOptions;
  /** Statuses that count as success (default: any 2xx). */
  expect?: number[];
  /** Undo what the call changed so later calls of the same caller still work. */
  after?: () => Promise<void>;
}

export type SampleFactory = (ctx: SampleContext) => Promise<Sample>;

const DEMO = 'Sabaq-Demo-2026';
const LETTERS = 'ВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ';

async function registerGuest(server: RunningServer, unique: number) {
  const iin = makeIin('2000-01-01', 'm', 1000 + unique * 10);
  const email = `matrix-${unique}@mail.kz`;
  const password = 'Matrix-Pass-2026';
  const r = await call(server, 'POST', '/api/v2/os/auth/register', {
    body: {
      iin,
      firstname: 'Тест',
      surname: 'Матрица',
      email,
      password,
      password_confirmation: password,
    },
  });
  if (r.status !== 200) throw new Error(`register failed ${r.status} ${JSON.stringify(r.body)}`);
  const code = /(\d{6})/.exec(await lastMail(server, email))?.[1] ?? '';
  return { iin, email, code, password };
}

async function ownDraft(ctx: SampleContext): Promise<string> {
  const r = await call(ctx.server, 'POST', '/api/v2/os/drafts', {
    token: ctx.token,
    body: { init: { type: 'customLesson', title: 'Матрица', lang: 'kz' } },
  });
  if (r.status !== 201) throw new Error(`draft create failed ${r.status}`);
  return r.body.data.summary.id as string;
}

async function groupId(server: RunningServer): Promise<number> {
  const rows = await server.db.query<{ id: number }>(
    "SELECT id FROM groups WHERE parallel = 7 AND letter = 'А' LIMIT 1",
  );
  return rows[0]?.id ?? 0;
}

const CORE_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'auth.login': async (c) => ({
    path: '/api/v2/os/auth/login',
    method: 'POST',
    opts: { body: { login: c.login ?? 'teacher', password: DEMO } },
  }),
  'auth.refresh': async (c) => {
    const t = await login(c.server, c.login ?? 'teacher');
    return {
      method: 'POST',
      path: '/api/v2/os/auth/refresh',
      opts: { body: { refreshToken: t.refresh_token } },
    };
  },
  'auth.checkToken': async (c) => ({
    path: '/api/v2/os/auth/check-token',
    opts: { token: c.token },
  }),
  'auth.logout': async (c) => ({
    path: '/api/v2/os/auth/logout',
    opts: { token: await c.freshToken() },
  }),
  'auth.sessions': async (c) => ({ path: '/api/v2/os/auth/sessions', opts: { token: c.token } }),
  'auth.userInfo': async (c) => ({ path: '/api/v2/os/user-info', opts: { token: c.token } }),
  'auth.passwordChange': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/auth/password/change',
    // The same strong password again is refused (password_same), so change it and restore it.
    opts: {
      token: c.token,
      body: {
        password: 'Sabaq-Demo-2027',
        password_confirmation: 'Sabaq-Demo-2027',
        old_password: DEMO,
      },
    },
    after: async () => {
      const r = await call(c.server, 'POST', '/api/v2/os/auth/password/change', {
        token: c.token,
        body: { password: DEMO, password_confirmation: DEMO, old_password: 'Sabaq-Demo-2027' },
      });
      if (r.status !== 200) throw new Error(`password restore failed ${r.status}`);
    },
  }),
  'profile.needPassChange': async (c) => ({
    path: '/api/v2/os/profile/need-pass-change',
    opts: { token: c.token },
  }),
  'auth.passwordForgot': async () => ({
    method: 'POST',
    path: '/api/v2/os/auth/password/forgot',
    opts: { body: { email: 'gulnar.akhmetova@demo.sabaq.kz' } },
  }),
  'auth.passwordReset': async (c) => {
    const g = await registerGuest(c.server, c.unique);
    await call(c.server, 'POST', '/api/v2/os/auth/register/confirm', {
      body: { iin: g.iin, code: g.code },
    });
    await call(c.server, 'POST', '/api/v2/os/auth/password/forgot', { body: { email: g.email } });
    const token = /token=([\w-]+)/.exec(await lastMail(c.server, g.email))?.[1] ?? '';
    return {
      method: 'POST',
      path: '/api/v2/os/auth/password/reset',
      opts: {
        body: { token, password: 'Reset-Pass-2026', password_confirmation: 'Reset-Pass-2026' },
      },
    };
  },
  'auth.register': async (c) => {
    const iin = makeIin('1999-05-05', 'w', 1000 + c.unique * 10);
    const password = 'Matrix-Pass-2026';
    return {
      method: 'POST',
      path: '/api/v2/os/auth/register',
      opts: {
        body: {
          iin,
          firstname: 'Тест',
          surname: 'Тіркеу',
          email: `reg-${c.unique}@mail.kz`,
          password,
          password_confirmation: password,
        },
      },
    };
  },
  'auth.registerConfirm': async (c) => {
    const g = await registerGuest(c.server, c.unique);
    return {
      method: 'POST',
      path: '/api/v2/os/auth/register/confirm',
      opts: { body: { iin: g.iin, code: g.code } },
    };
  },
  'auth.behalf': async (c) => {
    const rows = await c.server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE login = 'student'",
    );
    return {
      method: 'POST',
      path: '/api/v2/os/auth/behalf',
      opts: { token: c.token, body: { userId: rows[0]?.id, confirmed: true } },
    };
  },
  'auth.behalfTarget': async (c) => {
    const rows = await c.server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE login = 'student'",
    );
    return { path: `/api/v2/os/auth/behalf/${rows[0]?.id}`, opts: { token: c.token } };
  },
  // Without OIDC settings these answer 404 "not configured"; the full flow against a real
  // provider is oauth.test.ts.
  'auth.oauthStart': async () => ({ path: '/api/v2/os/auth/oauth/start', expect: [302, 404] }),
  'auth.oauthCallback': async () => ({
    path: '/api/v2/os/auth/oauth/callback',
    expect: [302, 404],
  }),
  'dict.permissions': async (c) => ({
    path: '/api/v2/os/permissions/ru',
    opts: { token: c.token },
  }),
  'dict.featureFlags': async (c) => ({
    path: '/api/v2/os/feature-flags',
    opts: { token: c.token },
  }),
  'dict.translations': async (c) => ({
    path: '/api/v2/os/translations/kk',
    opts: { token: c.token },
  }),
  'dict.periods': async (c) => ({ path: '/api/v2/os/periods', opts: { token: c.token } }),
  'dict.groups': async (c) => ({ path: '/api/v2/os/groups/kz', opts: { token: c.token } }),
  'dict.banners': async (c) => ({ path: '/api/v2/os/banners', opts: { token: c.token } }),
  'dict.domains': async (c) => ({ path: '/api/v2/os/domains', opts: { token: c.token } }),
  'backoffice.groupGet': async (c) => ({
    path: `/api/v2/os/backoffice/group/${await groupId(c.server)}`,
    opts: { token: c.token },
  }),
  'backoffice.groupUpdate': async (c) => {
    const id = await groupId(c.server);
    // Send the group's own class teachers back: an empty team would strip 7А of its leads and
    // the teaching samples after this one would meet a group-lead who leads nothing.
    const team = await c.server.db.query<{ user_id: number }>(
      'SELECT user_id FROM group_personnel WHERE group_id = $1 ORDER BY user_id',
      [id],
    );
    return {
      method: 'PUT',
      path: `/api/v2/os/backoffice/group/${id}`,
      opts: {
        token: c.token,
        body: { name: 7, letter: 'А', personnel_id: team.map((t) => t.user_id), edu_lang: 1 },
      },
    };
  },
  'backoffice.groupCreate': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/backoffice/group',
    opts: {
      token: c.token,
      body: {
        name: 10,
        letter: `${LETTERS[c.unique % LETTERS.length]}${LETTERS[Math.floor(c.unique / LETTERS.length) % LETTERS.length]}`,
        personnel_id: [],
        edu_lang: 1,
      },
    },
  }),
  'backoffice.groupDictionaries': async (c) => ({
    path: '/api/v2/os/backoffice/personals/group',
    opts: { token: c.token },
  }),
  'drafts.list': async (c) => ({ path: '/api/v2/os/drafts', opts: { token: c.token } }),
  'drafts.create': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/drafts',
    opts: { token: c.token, body: { init: { type: 'sor', title: 'СОР', lang: 'ru' } } },
  }),
  'drafts.import': async (c) => ({
    method: 'POST',
    path: '/api/v2/os/drafts/import',
    opts: {
      token: c.token,
      body: { drafts: [{ schemaVersion: 2, type: 'customLesson', title: 'x' }] },
    },
  }),
  'drafts.get': async (c) => ({
    path: `/api/v2/os/drafts/${await ownDraft(c)}`,
    opts: { token: c.token },
  }),
  'drafts.delete': async (c) => ({
    method: 'DELETE',
    path: `/api/v2/os/drafts/${await ownDraft(c)}`,
    opts: { token: c.token },
  }),
  'drafts.commands': async (c) => ({
    method: 'POST',
    path: `/api/v2/os/drafts/${await ownDraft(c)}/commands`,
    opts: {
      token: c.token,
      body: { expectedVersion: 0, commands: [{ type: 'page/add', pageId: 'p1' }] },
    },
  }),
  'drafts.history': async (c) => ({
    path: `/api/v2/os/drafts/${await ownDraft(c)}/history`,
    opts: { token: c.token },
  }),
  'drafts.publish': async (c) => {
    const id = await ownDraft(c);
    await call(c.server, 'POST', `/api/v2/os/drafts/${id}/commands`, {
      token: c.token,
      body: {
        expectedVersion: 0,
        commands: [
          { type: 'page/add', pageId: 'p1' },
          {
            type: 'module/add',
            pageId: 'p1',
            moduleId: 'm1',
            moduleType: 'simple',
            title: 'Кіріспе',
          },
        ],
      },
    });
    return { method: 'POST', path: `/api/v2/os/drafts/${id}/publish`, opts: { token: c.token } };
  },
  // The caller's own published SOCh, shared in the catalogue and taken back (issue 28).
  'drafts.share': async (c) => {
    const created = await call(c.server, 'POST', '/api/v2/os/drafts', {
      token: c.token,
      body: { draft: demoSoch() },
    });
    if (created.status !== 201) throw new Error(`exam create failed ${created.status}`);
    const id = created.body.data.summary.id as string;
    const published = await call(c.server, 'POST', `/api/v2/os/drafts/${id}/publish`, {
      token: c.token,
    });
    if (published.status !== 200) throw new Error(`exam publish failed ${published.status}`);
    return {
      method: 'PUT',
      path: `/api/v2/os/drafts/${id}/sharing`,
      opts: { token: c.token, body: { shared: true } },
      after: async () => {
        await call(c.server, 'PUT', `/api/v2/os/drafts/${id}/sharing`, {
          token: c.token,
          body: { shared: false },
        });
      },
    };
  },
};

// --- teaching, collab and files routes --------------------------------------------------------

/**
 * The demo rows every teaching sample works on, read once per server: the seeded 7А algebra
 * lesson with the demo SOR (taught by `teacher`, whose group `group-lead` and `teacher` lead, in
 * the school of `director` and `zavuch`, attended by `student`), so every staff role manages it
 * and the student sees it legitimately.
 */
interface World {
  sorLesson: number;
  studentId: number;
  teacherId: number;
  groupId: number;
  algebraId: number;
  assessmentId: number;
  currentPeriodId: number;
  teacherToken: string;
  studentToken: string;
}

const worlds = new WeakMap<RunningServer, Promise<World>>();

/**
 * Forgets the server's world, so the next sample signs its users in again: for samples that end
 * other sessions of a demo user (the world's tokens are such sessions).
 */
export function forgetWorld(server: RunningServer): void {
  worlds.delete(server);
}

/** The lesson chat's participants among the matrix callers: the demo lesson's teacher and pupil. */
function lessonChatParticipant(login: string | null): boolean {
  return login === 'teacher' || login === 'student';
}

async function clearLessonChat(server: RunningServer, lessonId: number): Promise<void> {
  await server.db.query('DELETE FROM lesson_chat_messages WHERE lesson_id = $1', [lessonId]);
}

function world(server: RunningServer): Promise<World> {
  let w = worlds.get(server);
  if (!w) {
    w = (async () => {
      const one = async (sql: string, params: unknown[] = []) => {
        const rows = await server.db.query<{ id: number }>(sql, params);
        if (!rows[0]) throw new Error(`matrix world: nothing for ${sql}`);
        return rows[0].id;
      };
      const sorLesson = await one(
        'SELECT l.id FROM lessons l WHERE l.content_draft_id = $1 ORDER BY l.id LIMIT 1',
        [DEMO_SOR_ID],
      );
      const teacher = await login(server, 'teacher');
      const student = await login(server, 'student');
      return {
        sorLesson,
        studentId: student.user.userId,
        teacherId: teacher.user.userId,
        groupId: await one(
          'SELECT s.group_id AS id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id WHERE l.id = $1',
          [sorLesson],
        ),
        algebraId: await one(
          'SELECT s.subject_id AS id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id WHERE l.id = $1',
          [sorLesson],
        ),
        assessmentId: await one(
          `SELECT a.id FROM assessments a JOIN lessons l ON l.id = $1 JOIN timetable_slots s ON s.id = l.slot_id
            WHERE a.group_id = s.group_id AND a.subject_id = s.subject_id ORDER BY a.id LIMIT 1`,
          [sorLesson],
        ),
        // Periods belong to a school (issue 12): the current one of the demo school.
        currentPeriodId: await one(
          `SELECT p.id FROM periods p JOIN users u ON u.school_id = p.school_id
            WHERE u.login = 'director' AND p.is_current LIMIT 1`,
        ),
        teacherToken: teacher.access_token,
        studentToken: student.access_token,
      };
    })();
    worlds.set(server, w);
  }
  return w;
}

const FUTURE = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** The maths teacher sets a homework on the SOR lesson; the demo student's answer row comes with it. */
async function freshHomework(server: RunningServer, files: number[] = []) {
  const w = await world(server);
  const r = await call(server, 'POST', `/api/v2/os/homework/control/${w.sorLesson}/create`, {
    token: w.teacherToken,
    body: { text: '§12, № 3–7 есептер', files, deadline: FUTURE() },
  });
  if (r.status !== 201) throw new Error(`homework create failed ${r.status}`);
  const homeworkId = r.body.data.id as number;
  const rows = await server.db.query<{ id: number }>(
    'SELECT id FROM homework_answers WHERE homework_id = $1 AND student_id = $2',
    [homeworkId, w.studentId],
  );
  if (!rows[0]) throw new Error('no answer row for the demo student');
  return { homeworkId, answerId: rows[0].id };
}

/** A homework the demo student has already answered (something for the teacher to check). */
async function sentAnswer(server: RunningServer) {
  const w = await world(server);
  const hw = await freshHomework(server);
  const r = await call(server, 'POST', `/api/v2/os/homework/list/assigned/${hw.answerId}`, {
    token: w.studentToken,
    body: { text: 'Орындадым' },
  });
  if (r.status !== 200) throw new Error(`homework submit failed ${r.status}`);
  return hw;
}

const SOR_ANSWERS = {
  m1: { kind: 'choice', optionIds: ['m1-a'] },
  m2: { kind: 'select', optionId: 'm2-b' },
  m5: { kind: 'open', text: '4x = 36, x = 9' },
};

/** The demo student's attempt at the SOR (made once; the student may hand in only once). */
async function ensureAttempt(server: RunningServer): Promise<World> {
  const w = await world(server);
  const r = await call(
    server,
    'POST',
    `/api/v2/os/schedule/exam/${w.sorLesson}/sor/${DEMO_SOR_ID}`,
    {
      token: w.studentToken,
      body: { answers: SOR_ANSWERS },
    },
  );
  if (r.status !== 200 && r.status !== 409) throw new Error(`exam submit failed ${r.status}`);
  return w;
}

async function uploadTeachingFile(server: RunningServer, token: string | undefined) {
  const r = await call(server, 'POST', '/api/v2/os/teaching/files', {
    token,
    body: {
      name: 'тапсырма.txt',
      mime: 'text/plain',
      data: Buffer.from('§12, № 3–7').toString('base64'),
    },
  });
  if (r.status !== 201 && r.status !== 200)
    throw new Error(`teaching file upload failed ${r.status}`);
  return r.body.data.id as number;
}

/** The caller's own id (demo users are named after their role). */
async function userIdOf(server: RunningServer, loginName: string | null): Promise<number> {
  const rows = await server.db.query<{ id: number }>('SELECT id FROM users WHERE login = $1', [
    loginName,
  ]);
  return rows[0]?.id ?? 0;
}

/** A colleague of the caller's school the collaborators API accepts (another builder), if any. */
async function colleagueOf(server: RunningServer, loginName: string | null) {
  const rows = await server.db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN users me ON me.login = $1
      WHERE u.school_id = me.school_id AND u.id <> me.id
        AND u.role = ANY(ARRAY['teacher', 'group-lead', 'director', 'zavuch', 'methodist'])
      ORDER BY u.id LIMIT 1`,
    [loginName],
  );
  return rows[0]?.id ?? null;
}

/** The peer a demo user legitimately chats with: students talk to their teacher, staff to the student. */
async function chatPeer(c: SampleContext): Promise<number> {
  const w = await world(c.server);
  return c.login === 'student' ? w.teacherId : w.studentId;
}

const P = '/api/v2/os';

/** The demo pupil's SOR as it was: no sitting, no hand-in, no retake (issue 20 samples). */
async function clearSitting(server: RunningServer, w: World): Promise<void> {
  for (const table of ['exam_retakes', 'exam_sittings', 'attempts'])
    await server.db.query(
      `DELETE FROM ${table} WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3`,
      [w.sorLesson, w.studentId, DEMO_SOR_ID],
    );
}

const TEACHING_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'schedule.week': async (c) => ({
    path: `${P}/schedule?date=2026-11-18`,
    opts: { token: c.token },
  }),
  'schedule.lesson': async (c) => ({
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}`,
    opts: { token: c.token },
  }),
  'schedule.lessonUpdate': async (c) => {
    const w = await world(c.server);
    const rows = await c.server.db.query<{ theme: string }>(
      'SELECT theme FROM lessons WHERE id = $1',
      [w.sorLesson],
    );
    const theme = rows[0]?.theme ?? '';
    return {
      method: 'PUT',
      path: `${P}/schedule/lesson/${w.sorLesson}`,
      opts: { token: c.token, body: { theme: 'Сызықтық теңдеулер: қайталау' } },
      after: async () => {
        const r = await call(c.server, 'PUT', `${P}/schedule/lesson/${w.sorLesson}`, {
          token: c.token,
          body: { theme },
        });
        if (r.status !== 200) throw new Error(`theme restore failed ${r.status}`);
      },
    };
  },
  'schedule.attendance': async (c) => ({
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/attendance`,
    opts: { token: c.token },
  }),
  'schedule.attendanceSet': async (c) => {
    const w = await world(c.server);
    return {
      method: 'PUT',
      path: `${P}/schedule/lesson/${w.sorLesson}/attendance`,
      opts: { token: c.token, body: { userId: w.studentId, status: 'present' } },
    };
  },
  'schedule.progress': async (c) => ({
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/progress`,
    opts: { token: c.token },
  }),
  'schedule.reflections': async (c) => ({
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/reflections`,
    opts: { token: c.token },
  }),
  'schedule.reflect': async (c) => ({
    method: 'POST',
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/reflections`,
    opts: { token: c.token, body: { mood: 'understood', text: 'Бәрі түсінікті' } },
  }),
  'schedule.content': async (c) => ({
    path: `${P}/schedule/content/sor/${DEMO_SOR_ID}`,
    opts: { token: c.token },
  }),
  'schedule.exam': async (c) => {
    const w = await world(c.server);
    return {
      path: `${P}/schedule/exam/${w.sorLesson}/${w.studentId}/sor/${DEMO_SOR_ID}`,
      opts: { token: c.token },
    };
  },
  'schedule.examSubmit': async (c) => {
    const w = await world(c.server);
    return {
      method: 'POST',
      path: `${P}/schedule/exam/${w.sorLesson}/sor/${DEMO_SOR_ID}`,
      opts: { token: c.token, body: { answers: SOR_ANSWERS } },
      // Handing in is once only: take the attempt back so the SOR stays open.
      after: async () => {
        await c.server.db.query(
          'DELETE FROM attempts WHERE lesson_id = $1 AND user_id = $2 AND draft_id = $3',
          [w.sorLesson, w.studentId, DEMO_SOR_ID],
        );
      },
    };
  },
  // Timed sittings (issue 20): each sample leaves the demo pupil without a sitting or attempt.
  'schedule.examStart': async (c) => {
    const w = await world(c.server);
    // Other samples leave a handed-in attempt behind (ensureAttempt): start from none.
    await clearSitting(c.server, w);
    return {
      method: 'POST',
      path: `${P}/schedule/exam/${w.sorLesson}/sor/${DEMO_SOR_ID}/start`,
      opts: { token: c.token },
      after: () => clearSitting(c.server, w),
    };
  },
  'schedule.examSave': async (c) => {
    const w = await world(c.server);
    const exam = `${P}/schedule/exam/${w.sorLesson}/sor/${DEMO_SOR_ID}`;
    await clearSitting(c.server, w);
    await call(c.server, 'POST', `${exam}/start`, { token: w.studentToken });
    return {
      method: 'PUT',
      path: `${exam}/answers`,
      opts: { token: c.token, body: { answers: SOR_ANSWERS } },
      after: () => clearSitting(c.server, w),
    };
  },
  // The matrix server has no Jitsi configured: a real 200 with data null (conference.test.ts
  // covers the tokens and who gets one).
  'schedule.conference': async (c) => ({
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/conference`,
    opts: { token: c.token },
  }),
  // The lesson chat (issue 20): the demo SOR lesson's teacher and pupil are its participants; a
  // colleague who may read the lesson (zavuch, director) is refused 403, others 404 (the row
  // rule, lesson-chat.test.ts). A send is taken back after the sample; a delete removes a
  // message made for it (the pupil may not: 403).
  'lessonChat.history': async (c) => ({
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/chat`,
    opts: { token: c.token },
    expect: lessonChatParticipant(c.login) ? [200] : [403, 404],
  }),
  'lessonChat.send': async (c) => {
    const w = await world(c.server);
    return {
      method: 'POST',
      path: `${P}/schedule/lesson/${w.sorLesson}/chat`,
      opts: { token: c.token, body: { text: 'Сәлеметсіз бе!' } },
      expect: lessonChatParticipant(c.login) ? [201] : [403, 404],
      after: () => clearLessonChat(c.server, w.sorLesson),
    };
  },
  'lessonChat.delete': async (c) => {
    const w = await world(c.server);
    // The pupil's message is written straight to the table: the sample is the DELETE alone.
    const [said] = await c.server.db.query<{ id: number }>(
      `INSERT INTO lesson_chat_messages (lesson_id, sender_id, text) VALUES ($1, $2, 'Сұрағым бар')
       RETURNING id`,
      [w.sorLesson, w.studentId],
    );
    return {
      method: 'DELETE',
      path: `${P}/schedule/lesson/${w.sorLesson}/chat/${said!.id}`,
      opts: { token: c.token },
      expect: c.login === 'teacher' ? [200] : [403, 404],
      after: () => clearLessonChat(c.server, w.sorLesson),
    };
  },
  'schedule.examMonitor': async (c) => ({
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/exam-monitor`,
    opts: { token: c.token },
  }),
  'schedule.examRetake': async (c) => {
    const w = await world(c.server);
    // Something handed in to retake.
    await call(c.server, 'POST', `${P}/schedule/exam/${w.sorLesson}/sor/${DEMO_SOR_ID}`, {
      token: w.studentToken,
      body: { answers: SOR_ANSWERS },
    });
    return {
      method: 'POST',
      path: `${P}/schedule/lesson/${w.sorLesson}/exam-retake`,
      opts: { token: c.token, body: { userId: w.studentId, reason: 'Байланыс үзілді' } },
      after: () => clearSitting(c.server, w),
    };
  },
  // Showing the keys is off in the demo: setting it off again is a real 200 that changes nothing.
  'schedule.examSettings': async (c) => ({
    method: 'PUT',
    path: `${P}/schedule/lesson/${(await world(c.server)).sorLesson}/exam-window`,
    opts: { token: c.token, body: { showKeys: false } },
  }),
  'schedule.studentProgress': async (c) => {
    const w = await ensureAttempt(c.server);
    return {
      path: `${P}/schedule/progress/sor/${w.sorLesson}/${DEMO_SOR_ID}/${w.studentId}`,
      opts: { token: c.token },
    };
  },
  'schedule.gradeModule': async (c) => {
    const w = await ensureAttempt(c.server);
    return {
      method: 'PUT',
      path: `${P}/schedule/progress/sor/${w.sorLesson}/${DEMO_SOR_ID}/${w.studentId}`,
      opts: { token: c.token, body: { moduleId: 'm5', points: 3 } },
    };
  },
  'schedule.publishedContent': async (c) => ({
    path: `${P}/schedule/published-content`,
    opts: { token: c.token },
  }),
  'homework.controlList': async (c) => ({
    path: `${P}/homework/control/list`,
    opts: { token: c.token },
  }),
  'homework.create': async (c) => ({
    method: 'POST',
    path: `${P}/homework/control/${(await world(c.server)).sorLesson}/create`,
    opts: { token: c.token, body: { text: '§13, № 1–4', deadline: FUTURE() } },
  }),
  'homework.answers': async (c) => ({
    path: `${P}/homework/control/${(await freshHomework(c.server)).homeworkId}`,
    opts: { token: c.token },
  }),
  'homework.controlAnswer': async (c) => ({
    path: `${P}/homework/answers/${(await sentAnswer(c.server)).answerId}`,
    opts: { token: c.token },
  }),
  'homework.check': async (c) => ({
    method: 'PUT',
    path: `${P}/homework/answers/${(await sentAnswer(c.server)).answerId}`,
    opts: { token: c.token, body: { action: 'check', grade: 9, comment: 'Жарайсың!' } },
  }),
  'homework.preview': async (c) => ({
    path: `${P}/homework/control/${(await freshHomework(c.server)).homeworkId}/preview`,
    opts: { token: c.token },
  }),
  'homework.list': async (c) => ({ path: `${P}/homework/list`, opts: { token: c.token } }),
  'homework.assigned': async (c) => ({
    path: `${P}/homework/list/assigned/${(await freshHomework(c.server)).answerId}`,
    opts: { token: c.token },
  }),
  'homework.submit': async (c) => ({
    method: 'POST',
    path: `${P}/homework/list/assigned/${(await freshHomework(c.server)).answerId}`,
    opts: { token: c.token, body: { text: 'Орындадым' } },
  }),
  'teaching.fileUpload': async (c) => ({
    method: 'POST',
    path: `${P}/teaching/files`,
    opts: {
      token: c.token,
      body: {
        name: 'шешім.txt',
        mime: 'text/plain',
        data: Buffer.from('x = 9').toString('base64'),
      },
    },
  }),
  'teaching.fileGet': async (c) => {
    const w = await world(c.server);
    if (c.login === 'student') {
      // The student downloads what the teacher attached to a homework of their group.
      const fileId = await uploadTeachingFile(c.server, w.teacherToken);
      await freshHomework(c.server, [fileId]);
      return { path: `${P}/teaching/files/${fileId}`, opts: { token: c.token } };
    }
    // Staff download the file a student handed in with a homework answer of a lesson they run.
    const fileId = await uploadTeachingFile(c.server, w.studentToken);
    const hw = await freshHomework(c.server);
    const sent = await call(c.server, 'POST', `${P}/homework/list/assigned/${hw.answerId}`, {
      token: w.studentToken,
      body: { text: 'Шешімі тіркемеде', files: [fileId] },
    });
    if (sent.status !== 200) throw new Error(`homework submit failed ${sent.status}`);
    return { path: `${P}/teaching/files/${fileId}`, opts: { token: c.token } };
  },
  'journal.groups': async (c) => ({ path: `${P}/journal/groups`, opts: { token: c.token } }),
  'journal.group': async (c) => ({
    path: `${P}/journal/groups/${(await world(c.server)).groupId}`,
    opts: { token: c.token },
  }),
  'journal.grid': async (c) => {
    const w = await world(c.server);
    return { path: `${P}/journal/groups/${w.groupId}/${w.algebraId}`, opts: { token: c.token } };
  },
  'journal.export': async (c) => {
    const w = await world(c.server);
    return {
      path: `${P}/journal/groups/${w.groupId}/${w.algebraId}/export`,
      opts: { token: c.token },
    };
  },
  'journal.mark': async (c) => {
    const w = await world(c.server);
    // A mark is for a lesson that has happened (issue 20): the SOR lesson's class and subject, the
    // last such lesson up to today's school date (UTC+5).
    const past = await c.server.db.query<{ id: number }>(
      `SELECT l.id FROM lessons l JOIN timetable_slots s ON s.id = l.slot_id
         JOIN timetable_slots o ON o.group_id = s.group_id AND o.subject_id = s.subject_id
         JOIN lessons sor ON sor.slot_id = o.id AND sor.id = $1
        WHERE s.subgroup_id IS NULL AND l.lesson_date <= (now() AT TIME ZONE 'UTC' + interval '5 hours')::date
        ORDER BY l.lesson_date DESC, l.id DESC LIMIT 1`,
      [w.sorLesson],
    );
    const lessonId = past[0]?.id ?? w.sorLesson;
    return {
      method: 'PUT',
      path: `${P}/journal/marks`,
      opts: { token: c.token, body: { lessonId, studentId: w.studentId, mark: 8 } },
      // The demo student's row stays empty in the demo journal: clear the mark again.
      after: async () => {
        const r = await call(c.server, 'PUT', `${P}/journal/marks`, {
          token: c.token,
          body: { lessonId, studentId: w.studentId, mark: null },
        });
        if (r.status !== 200) throw new Error(`mark clear failed ${r.status}`);
      },
    };
  },
  'journal.column': async (c) => {
    const w = await world(c.server);
    const path = `${P}/journal/columns`;
    const cells = [{ studentId: w.studentId, points: 15 }];
    return {
      method: 'PUT',
      path,
      opts: { token: c.token, body: { assessmentId: w.assessmentId, cells } },
      after: async () => {
        const r = await call(c.server, 'PUT', path, {
          token: c.token,
          body: { assessmentId: w.assessmentId, cells: [{ studentId: w.studentId, points: null }] },
        });
        if (r.status !== 200) throw new Error(`column clear failed ${r.status}`);
      },
    };
  },
  'journal.assessmentCreate': async (c) => {
    const w = await world(c.server);
    const rows = await c.server.db.query<{ d: string }>(
      "SELECT to_char(start_date, 'YYYY-MM-DD') AS d FROM periods WHERE id = $1",
      [w.currentPeriodId],
    );
    const before = await c.server.db.query<{ id: number }>(
      'SELECT coalesce(max(id), 0) AS id FROM assessments',
    );
    return {
      method: 'POST',
      path: `${P}/journal/groups/${w.groupId}/${w.algebraId}/assessments`,
      opts: {
        token: c.token,
        body: { kind: 'sor', title: 'Матрица СОР', maxPoints: 20, date: rows[0]?.d },
      },
      // No delete route: take the column out so the journal keeps one SOR per sample run.
      after: async () => {
        await c.server.db.query('DELETE FROM assessments WHERE id > $1 AND title = $2', [
          before[0]?.id ?? 0,
          'Матрица СОР',
        ]);
      },
    };
  },
  'journal.assessmentMark': async (c) => {
    const w = await world(c.server);
    const path = `${P}/journal/assessments/${w.assessmentId}/marks`;
    return {
      method: 'PUT',
      path,
      opts: { token: c.token, body: { studentId: w.studentId, points: 15 } },
      after: async () => {
        const r = await call(c.server, 'PUT', path, {
          token: c.token,
          body: { studentId: w.studentId, points: null },
        });
        if (r.status !== 200) throw new Error(`points clear failed ${r.status}`);
      },
    };
  },
  'journal.periods': async (c) => ({ path: `${P}/journal/periods`, opts: { token: c.token } }),
  // Making the current period current again: a real 200 that leaves the calendar as it was.
  'journal.periodCurrent': async (c) => ({
    method: 'PUT',
    path: `${P}/journal/periods/${(await world(c.server)).currentPeriodId}/current`,
    opts: { token: c.token },
  }),
  // The pupil's diary (issue 20): the first school's period, so another school's pupil gets 404.
  'diary.show': async (c) => ({
    path: `${P}/diary?periodId=${(await world(c.server)).currentPeriodId}`,
    opts: { token: c.token },
  }),
  'chat.contacts': async (c) => ({ path: `${P}/chats`, opts: { token: c.token } }),
  'chat.history': async (c) => ({
    path: `${P}/chats/${await chatPeer(c)}/messages`,
    opts: { token: c.token },
  }),
  'chat.send': async (c) => ({
    method: 'POST',
    path: `${P}/chats/${await chatPeer(c)}/messages`,
    opts: { token: c.token, body: { text: 'Сәлеметсіз бе!' } },
  }),
  'chat.read': async (c) => ({
    method: 'POST',
    path: `${P}/chats/${await chatPeer(c)}/read`,
    opts: { token: c.token },
  }),
};

const COLLAB_FILE_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'drafts.collaborators': async (c) => ({
    path: `${P}/drafts/${await ownDraft(c)}/collaborators`,
    opts: { token: c.token },
  }),
  'drafts.invite': async (c) => {
    const id = await ownDraft(c);
    const colleague = await colleagueOf(c.server, c.login);
    if (colleague === null)
      // An individual lecturer belongs to no school, so nobody is their colleague: the owner's
      // invitation is refused by the domain rule (422 notColleague), whoever is named.
      return {
        method: 'POST',
        path: `${P}/drafts/${id}/collaborators`,
        opts: { token: c.token, body: { userId: await userIdOf(c.server, 'teacher') } },
        expect: [422],
      };
    return {
      method: 'POST',
      path: `${P}/drafts/${id}/collaborators`,
      opts: { token: c.token, body: { userId: colleague, access: 'edit' } },
    };
  },
  'drafts.uninvite': async (c) => {
    const id = await ownDraft(c);
    const colleague = await colleagueOf(c.server, c.login);
    if (colleague === null)
      // Without a school nobody can have been invited to the individual's draft: 404.
      return {
        method: 'DELETE',
        path: `${P}/drafts/${id}/collaborators/${await userIdOf(c.server, 'teacher')}`,
        opts: { token: c.token },
        expect: [404],
      };
    const inv = await call(c.server, 'POST', `${P}/drafts/${id}/collaborators`, {
      token: c.token,
      body: { userId: colleague, access: 'view' },
    });
    if (inv.status !== 200) throw new Error(`invite failed ${inv.status}`);
    return {
      method: 'DELETE',
      path: `${P}/drafts/${id}/collaborators/${colleague}`,
      opts: { token: c.token },
    };
  },
  'builder.dictionaries': async (c) => ({
    path: `${P}/builder/dictionaries`,
    opts: { token: c.token },
  }),
  'drafts.initial': async (c) => ({
    path: `${P}/drafts/${await ownDraft(c)}/initial`,
    opts: { token: c.token },
  }),
};

/** 7А's algebra calendar plan (seeded) and its first plan lesson, which carries the demo lecture. */
async function ktpWorld(server: RunningServer) {
  const w = await world(server);
  const rows = await server.db.query<{ plan: number; first: string; second: string }>(
    `SELECT cp.id AS plan,
            (SELECT uuid::text FROM calendar_plan_lessons WHERE plan_id = cp.id AND number = 1) AS first,
            (SELECT uuid::text FROM calendar_plan_lessons WHERE plan_id = cp.id AND number = 2) AS second
       FROM calendar_plans cp WHERE cp.group_id = $1 AND cp.subject_id = $2`,
    [w.groupId, w.algebraId],
  );
  const k = rows[0];
  if (!k) throw new Error('matrix world: no algebra calendar plan');
  const lesson = await call(server, 'GET', `${P}/calendar-plan-lessons/${k.first}`, {
    token: w.teacherToken,
  });
  const scheduleId = lesson.body.data?.lesson.lessons[0]?.scheduleId as number | undefined;
  if (!scheduleId)
    throw new Error(`matrix world: plan lesson without dated lessons ${lesson.status}`);
  return { ...w, plan: k.plan, first: k.first, second: k.second, scheduleId };
}

/** An answer (attempt) to the demo lecture: the seed's, else the demo student's hand-in. */
async function lectureAnswer(server: RunningServer) {
  const k = await ktpWorld(server);
  const find = () =>
    server.db.query<{ id: number }>(
      'SELECT id FROM attempts WHERE lesson_id = $1 AND draft_id = $2 ORDER BY id LIMIT 1',
      [k.scheduleId, DEMO_LECTURE_ID],
    );
  if ((await find()).length === 0) {
    const r = await call(
      server,
      'POST',
      `${P}/schedule/exam/${k.scheduleId}/lecture/${DEMO_LECTURE_ID}`,
      {
        token: k.studentToken,
        body: { answers: { m1: { kind: 'choice', optionIds: ['m1-a'] } } },
      },
    );
    if (r.status !== 200 && r.status !== 409) throw new Error(`lecture submit failed ${r.status}`);
  }
  const id = (await find())[0]?.id;
  if (!id) throw new Error('matrix world: no lecture answer');
  return { ...k, answerId: id };
}

/**
 * A throw-away plan of 7А for a subject of the current school year that has none (written
 * straight to the database), with `lessons` plan lessons; `drop` deletes it.
 */
async function scratchPlan(server: RunningServer, lessons: number) {
  const w = await world(server);
  const free = await server.db.query<{ subject_id: number; school_year: string }>(
    `SELECT s.subject_id, p.school_year FROM timetable_slots s JOIN periods p ON p.id = s.period_id
      WHERE s.group_id = $1 AND p.school_year = (SELECT school_year FROM periods GROUP BY school_year
              ORDER BY bool_or(is_current) DESC, max(end_date) DESC LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM calendar_plans cp WHERE cp.group_id = s.group_id
                          AND cp.subject_id = s.subject_id AND cp.school_year = p.school_year)
      ORDER BY s.subject_id LIMIT 1`,
    [w.groupId],
  );
  let f = free[0];
  if (!f) {
    // The demo plans every subject of 7А: the last one's plan (not algebra's) makes room.
    const freed = await server.db.query<{ subject_id: number; school_year: string }>(
      `DELETE FROM calendar_plans WHERE id = (SELECT id FROM calendar_plans
          WHERE group_id = $1 AND subject_id <> $2 ORDER BY subject_id DESC LIMIT 1)
       RETURNING subject_id, school_year`,
      [w.groupId, w.algebraId],
    );
    f = freed[0];
  }
  if (!f) throw new Error('matrix world: 7А has no subject without a calendar plan');
  const plan = (
    await server.db.query<{ id: number }>(
      'INSERT INTO calendar_plans (group_id, subject_id, school_year) VALUES ($1, $2, $3) RETURNING id',
      [w.groupId, f.subject_id, f.school_year],
    )
  )[0]!.id;
  const uuids = Array.from({ length: lessons }, () => crypto.randomUUID());
  for (const [i, uuid] of uuids.entries())
    await server.db.query(
      `INSERT INTO calendar_plan_lessons (uuid, plan_id, number, topic, hours, quarter)
       VALUES ($1::uuid, $2, $3, $4, 1, 1)`,
      [uuid, plan, i + 1, `Матрица ${i + 1}`],
    );
  return {
    ...w,
    plan,
    subjectId: f.subject_id,
    uuids,
    drop: async () => {
      await server.db.query('DELETE FROM calendar_plans WHERE id = $1', [plan]);
    },
  };
}

const KTP_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'calendarPlans.groups': async (c) => ({
    path: `${P}/calendar-plans/groups`,
    opts: { token: c.token },
  }),
  'calendarPlans.list': async (c) => ({
    path: `${P}/calendar-plans?groupId=${(await world(c.server)).groupId}`,
    opts: { token: c.token },
  }),
  'calendarPlans.plan': async (c) => ({
    path: `${P}/calendar-plans/${(await ktpWorld(c.server)).plan}`,
    opts: { token: c.token },
  }),
  'calendarPlans.lesson': async (c) => ({
    path: `${P}/calendar-plan-lessons/${(await ktpWorld(c.server)).first}`,
    opts: { token: c.token },
  }),
  // Unlinking what is not linked changes nothing: every caller gets the same 200.
  'calendarPlans.lessonContent': async (c) => ({
    method: 'PUT',
    path: `${P}/calendar-plan-lessons/${(await ktpWorld(c.server)).second}/content`,
    opts: { token: c.token, body: { kind: 'soch', draftId: null } },
  }),
  // The first plan lesson has the demo lecture linked: it is returned, nothing is created.
  'calendarPlans.lessonLecture': async (c) => ({
    method: 'POST',
    path: `${P}/calendar-plan-lessons/${(await ktpWorld(c.server)).first}/lecture`,
    opts: { token: c.token, body: {} },
  }),
  'calendarPlans.ofLesson': async (c) => ({
    path: `${P}/schedule/lesson/${(await ktpWorld(c.server)).scheduleId}/calendar-plan`,
    opts: { token: c.token },
  }),
  'calendarPlans.answer': async (c) => {
    const a = await lectureAnswer(c.server);
    return {
      path: `${P}/calendar-plan-answers/${a.scheduleId}/${a.answerId}`,
      opts: { token: c.token },
    };
  },
  'calendarPlans.answerUpdate': async (c) => {
    const a = await lectureAnswer(c.server);
    return {
      method: 'PUT',
      path: `${P}/calendar-plan-answers/${a.scheduleId}/${a.answerId}`,
      opts: { token: c.token, body: { comment: 'Жарайсың!' } },
    };
  },
  // Editing: each caller works on its own throw-away plan of 7А (every admitted role manages 7А's
  // plans: the maths teacher leads 7А, the group lead too, director and zavuch run the school).
  'calendarPlans.create': async (c) => {
    const k = await scratchPlan(c.server, 0);
    await k.drop(); // only to find a free subject
    return {
      method: 'POST',
      path: `${P}/calendar-plans`,
      opts: { token: c.token, body: { groupId: k.groupId, subjectId: k.subjectId } },
      after: async () => {
        await c.server.db.query(
          'DELETE FROM calendar_plans WHERE group_id = $1 AND subject_id = $2',
          [k.groupId, k.subjectId],
        );
      },
    };
  },
  'calendarPlans.remove': async (c) => {
    const k = await scratchPlan(c.server, 2);
    return {
      method: 'DELETE',
      path: `${P}/calendar-plans/${k.plan}`,
      opts: { token: c.token },
      after: k.drop,
    };
  },
  'calendarPlans.export': async (c) => ({
    path: `${P}/calendar-plans/${(await ktpWorld(c.server)).plan}/export`,
    opts: { token: c.token },
  }),
  'calendarPlans.import': async (c) => {
    const k = await scratchPlan(c.server, 1);
    return {
      method: 'PUT',
      path: `${P}/calendar-plans/${k.plan}/lessons`,
      opts: { token: c.token, body: { text: '1\tБірінші\t2\t1\n2\tЕкінші\t1\t1' } },
      after: k.drop,
    };
  },
  'calendarPlans.lessonCreate': async (c) => {
    const k = await scratchPlan(c.server, 1);
    return {
      method: 'POST',
      path: `${P}/calendar-plans/${k.plan}/lessons`,
      opts: { token: c.token, body: { topic: 'Жаңа сабақ', hours: 1, quarter: 1 } },
      after: k.drop,
    };
  },
  'calendarPlans.lessonUpdate': async (c) => {
    const k = await scratchPlan(c.server, 1);
    return {
      method: 'PUT',
      path: `${P}/calendar-plan-lessons/${k.uuids[0]}`,
      opts: { token: c.token, body: { topic: 'Өзгерген тақырып', hours: 2 } },
      after: k.drop,
    };
  },
  'calendarPlans.lessonDelete': async (c) => {
    const k = await scratchPlan(c.server, 2);
    return {
      method: 'DELETE',
      path: `${P}/calendar-plan-lessons/${k.uuids[0]}`,
      opts: { token: c.token },
      after: k.drop,
    };
  },
  'calendarPlans.lessonMove': async (c) => {
    const k = await scratchPlan(c.server, 3);
    return {
      method: 'POST',
      path: `${P}/calendar-plan-lessons/${k.uuids[2]}/move`,
      opts: { token: c.token, body: { position: 1 } },
      after: k.drop,
    };
  },
};

const AI_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  // The matrix server has no assistant connected, so an admitted caller gets the 503 "not
  // connected" answer (a 2xx needs an external service); answers from a chat-completions service
  // standing in for one are ai/ai.test.ts.
  'ai.gpt': async (c) => ({
    method: 'POST',
    path: '/api/v1/gpt',
    opts: { token: c.token, body: { text: 'Фотосинтез деген не?', helperID: 'platform' } },
    expect: [503],
  }),
};

/**
 * The second demo school's user for each role it has (teaching/seed-school2.ts): the tenancy part of
 * the matrix sends the first school's samples with these users' tokens.
 */
export const SECOND_SCHOOL_LOGINS = {
  director: 'school2-director',
  zavuch: 'school2-zavuch',
  teacher: 'school2-teacher',
  'group-lead': 'school2-group-lead',
  student: 'school2-student',
} as const satisfies Partial<Record<Role, string>>;

/**
 * Routes whose sample carries no row of a school: the caller's own lists and dictionaries, new
 * rows of the caller's own, the public and session routes. Every other route names a row of
 * the first school in its path or body and is checked against the second school.
 */
const NO_SCHOOL_ROW: ReadonlySet<RouteId> = new Set<RouteId>([
  'schedule.week',
  'schedule.publishedContent',
  'homework.controlList',
  'homework.list',
  'journal.groups',
  'journal.periods',
  'chat.contacts',
  'calendarPlans.groups',
  'teaching.fileUpload',
  'backoffice.groupCreate',
  'backoffice.groupDictionaries',
  'drafts.list',
  'drafts.create',
  'drafts.import',
  'builder.dictionaries',
  'files.upload',
  'ai.gpt',
  // Backoffice personnel and settings: the caller's own school's list, new rows, its settings.
  'personnel.list',
  'personnel.hire',
  'personnel.export',
  'personnel.import',
  'schoolSettings.get',
  'schoolSettings.save',
]);

export function carriesFirstSchoolId(id: RouteId): boolean {
  const entry = API_ROUTES[id];
  if (entry.policy === 'public' || NO_SCHOOL_ROW.has(id)) return false;
  if (BACKOFFICE_GROUP_OWN_LISTS.includes(id) || ROSTER_OWN_LISTS.includes(id)) return false;
  if (YEAR_OWN_LISTS.includes(id)) return false;
  if (FILE_OWN_ROUTES.includes(id)) return false;
  if (COMMERCE_OWN_ROUTES.includes(id)) return false;
  if (MEDIA_OWN_ROUTES.includes(id)) return false;
  if (CATALOGUE_OWN_ROUTES.includes(id)) return false;
  if (KINDERGARTEN_OWN_ROUTES.includes(id)) return false;
  if (METHODICAL_OWN_ROUTES.includes(id)) return false;
  if (DEVELOPMENT_OWN_ROUTES.includes(id)) return false;
  if (STATISTICS_OWN_ROUTES.includes(id)) return false;
  if (MONITORING_OWN_ROUTES.includes(id)) return false;
  if (CONTEST_OWN_ROUTES.includes(id)) return false;
  if (COURSE_OWN_ROUTES.includes(id)) return false;
  // The public site's content belongs to the platform, not to a school (issue 19).
  if (id.startsWith('site.')) return false;
  if (TIMETABLE_OWN_LISTS.includes(id)) return false;
  // Session, profile and dictionaries: the caller's own, whoever they are.
  if (/^(auth|profile|dict)\./.test(id)) return id === 'auth.behalf' || id === 'auth.behalfTarget';
  return true;
}

/** Every route of the policy table; matrix.test.ts fails for a route missing here. */
export const MATRIX_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  ...CORE_SAMPLES,
  ...TEACHING_SAMPLES,
  ...COLLAB_FILE_SAMPLES,
  ...KTP_SAMPLES,
  ...AI_SAMPLES,
  ...BACKOFFICE_GROUP_SAMPLES,
  ...PERSONNEL_SAMPLES,
  ...ROSTER_SAMPLES,
  ...YEAR_SAMPLES,
  ...TIMETABLE_SAMPLES,
  ...FILE_SAMPLES,
  ...COMMERCE_SAMPLES,
  ...MEDIA_SAMPLES,
  ...CATALOGUE_MATRIX_SAMPLES,
  ...KINDERGARTEN_SAMPLES,
  ...METHODICAL_SAMPLES,
  ...SITE_SAMPLES,
  ...RESULT_SAMPLES,
  ...STATISTICS_SAMPLES,
  ...DEVELOPMENT_SAMPLES,
  ...MONITORING_SAMPLES,
  ...CONTEST_SAMPLES,
  ...COURSE_SAMPLES,
};
