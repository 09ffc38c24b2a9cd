import {
  CompletionGroupResponseSchema,
  CompletionResponseSchema,
  GroupStatisticResponseSchema,
  GroupsStatisticResponseSchema,
  OverallStatisticResponseSchema,
  QuestionnairePeriodsResponseSchema,
  QuestionnaireResponseSchema,
} from '@sabaq/platform';
import type { QuestionnaireView } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { percentOf, scoreResponse, type ScoredQuestion } from './questionnaire-scoring';

describe.each(BACKENDS)('monitoring questionnaires (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let current: number;
  let past: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of [
      'teacher',
      'group-lead',
      'director',
      'zavuch',
      'school2-director',
      'kindergarten',
      'student',
      'country_worker',
      'region_worker',
      'department_worker',
    ]) {
      const tokensOf = await login(server, name);
      tokens[name] = tokensOf.access_token;
      ids[name] = tokensOf.user.userId;
    }
    const periods = await call(server, 'GET', '/api/v1/dictionaries/questionnaire/periods', {
      token: tokens.teacher,
    });
    const list = QuestionnairePeriodsResponseSchema.parse(periods.body).data;
    current = list.find((p) => p.isCurrent)!.id;
    past = list.find((p) => !p.isCurrent && p.endsOn < new Date().toISOString().slice(0, 10))!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const show = async (who: string, body: Record<string, unknown>, status = 200) => {
    const res = await call(server, 'POST', '/api/v1/questionnaire', {
      token: tokens[who],
      body,
      locale: 'ru',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.status === 200 ? QuestionnaireResponseSchema.parse(res.body).data : res.body;
  };
  const store = (who: string, body: Record<string, unknown>, locale: 'kz' | 'ru' = 'kz') =>
    call(server, 'POST', '/api/v1/questionnaire/answers/store', {
      token: tokens[who],
      body,
      locale,
    });
  const questionsOf = (view: QuestionnaireView) =>
    view.questionnaire!.groups.flatMap((g) => g.questions.map((q) => ({ ...q, groupId: g.id })));

  it('lists three periods, one of them current, newest first', async () => {
    const res = await call(server, 'GET', '/api/v1/dictionaries/questionnaire/periods', {
      token: tokens.country_worker,
      locale: 'ru',
    });
    const periods = QuestionnairePeriodsResponseSchema.parse(res.body).data;
    expect(periods).toHaveLength(3);
    expect(periods.filter((p) => p.isCurrent)).toHaveLength(1);
    expect(periods[0]!.startsOn > periods[1]!.startsOn).toBe(true);
    expect(periods[0]!.name).toMatch(/учебный год, II полугодие/);
  });

  it('a teacher saves answers as they go, is told what is missing, submits once, and is scored', async () => {
    const list = (await show('teacher', { periodId: current })) as QuestionnaireView;
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ groupType: 'teacher', status: 'new', answered: 0 });
    const questionnaireId = list.list[0]!.id;
    const form = (await show('teacher', {
      periodId: current,
      questionnaireId,
    })) as QuestionnaireView;
    expect(form.canEdit).toBe(true);
    expect(form.questionnaire!.groups.map((g) => g.name)).toEqual([
      'Цифровые навыки',
      'Оценивание',
      'Профессиональное развитие',
    ]);
    const questions = questionsOf(form);
    const [single, scale, multi] = questions;

    // A value that does not fit its question: 422 naming it, in Kazakh; nothing saved.
    const bad = await store('teacher', {
      questionnaireId,
      periodId: current,
      answers: [
        { questionId: single!.id, value: 'nonsense' },
        { questionId: scale!.id, value: 9 },
        { questionId: 999999, value: 'x' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[`answers.${single!.id}`]).toEqual(['Мұндай жауап нұсқасы жоқ']);
    expect(bad.body.errors[`answers.${scale!.id}`]).toEqual(['Мән рұқсат етілген аралықтан тыс']);
    expect(bad.body.errors['answers.999999']).toBeDefined();

    const first = await store('teacher', {
      questionnaireId,
      periodId: current,
      answers: [
        { questionId: single!.id, value: single!.options[1]!.id },
        { questionId: scale!.id, value: 4 },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'draft', answered: 2 });

    // Submitting early: 422 names every unanswered required question, and what was sent is kept.
    const early = await store(
      'teacher',
      {
        questionnaireId,
        periodId: current,
        answers: [{ questionId: multi!.id, value: [multi!.options[0]!.id] }],
        submit: true,
      },
      'ru',
    );
    expect(early.status).toBe(422);
    expect(early.body.message).toMatch(/Ответьте на все обязательные вопросы/);
    const required = questions.filter((q) => q.required).slice(3);
    for (const q of required)
      expect(early.body.errors[`answers.${q.id}`]).toEqual(['Обязательный вопрос']);
    const kept = (await show('teacher', {
      periodId: current,
      questionnaireId,
    })) as QuestionnaireView;
    expect(kept.answers.map((a) => a.questionId)).toEqual([single!.id, scale!.id, multi!.id]);
    expect(kept.status).toBe('draft');

    // A colleague never reads it; the director reads it only once it is submitted.
    await show('group-lead', { periodId: current, questionnaireId, userId: ids.teacher }, 404);
    const draftSeen = (await show('director', {
      periodId: current,
      questionnaireId,
      userId: ids.teacher,
    })) as QuestionnaireView;
    expect(draftSeen.status).toBe('draft');
    expect(draftSeen.answers).toEqual([]);
    expect(draftSeen.canEdit).toBe(false);

    const rest = questions
      .filter((q) => q.required && ![single!.id, scale!.id, multi!.id].includes(q.id))
      .map((q) => ({
        questionId: q.id,
        value: q.kind === 'scale' ? 5 : q.kind === 'number' ? 12 : q.options[0]!.id,
      }));
    const done = await store('teacher', {
      questionnaireId,
      periodId: current,
      answers: [...rest, { questionId: multi!.id, value: null }],
      submit: true,
    });
    // Clearing a required multiple choice in the same call is caught too.
    expect(done.status).toBe(422);
    expect(Object.keys(done.body.errors)).toEqual([`answers.${multi!.id}`]);
    const sent = await store('teacher', {
      questionnaireId,
      periodId: current,
      answers: [{ questionId: multi!.id, value: [multi!.options[0]!.id, multi!.options[2]!.id] }],
      submit: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe('submitted');

    // The score is the rules' score of the answers stored.
    const after = (await show('director', {
      periodId: current,
      questionnaireId,
      userId: ids.teacher,
    })) as QuestionnaireView;
    const answers = Object.fromEntries(after.answers.map((a) => [String(a.questionId), a.value!]));
    const rows = await server.db.query<{ options: { id: string; points: number }[]; id: number }>(
      `SELECT qq.id, qq.options FROM questionnaire_questions qq
         JOIN questionnaire_groups g ON g.id = qq.group_id WHERE g.questionnaire_id = $1`,
      [questionnaireId],
    );
    const points = new Map(rows.map((r) => [r.id, r.options]));
    const scored: ScoredQuestion[] = questions.map((q) => ({
      id: q.id,
      groupId: q.groupId,
      kind: q.kind,
      required: q.required,
      max: q.max,
      options: points.get(q.id)!,
    }));
    const expected = scoreResponse(scored, answers);
    expect(after.score).toBe(percentOf(expected.points, expected.max));
    expect(sent.body.data.score).toBe(after.score);

    // Once sent, nothing changes.
    const again = await store('teacher', {
      questionnaireId,
      periodId: current,
      answers: [{ questionId: scale!.id, value: 1 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Сауалнама жіберілген: жауаптарды өзгертуге болмайды');
  });

  it('refuses answers outside the period, to another type’s questionnaire, and from roles that do not answer', async () => {
    const form = (await show('group-lead', { periodId: past })) as QuestionnaireView;
    const questionnaireId = form.list[0]!.id;
    const closed = await store('group-lead', { questionnaireId, periodId: past, answers: [] });
    expect(closed.status).toBe(409);
    const director = (await show('director', { periodId: current })) as QuestionnaireView;
    expect(director.list[0]!.groupType).toBe('director');
    const foreign = await store('teacher', {
      questionnaireId: director.list[0]!.id,
      periodId: current,
      answers: [],
    });
    expect(foreign.status).toBe(404);
    expect(
      (await store('student', { questionnaireId, periodId: current, answers: [] })).status,
    ).toBe(403);
    const garden = (await show('kindergarten', { periodId: current })) as QuestionnaireView;
    expect(garden.list[0]).toMatchObject({ groupType: 'garden', status: 'draft' });
    await show('school2-director', { periodId: current, userId: ids['group-lead'] }, 404);
    await show('teacher', { periodId: 999999 }, 404);
  });

  const completion = async (who: string, body: Record<string, unknown>, status = 200) => {
    const res = await call(server, 'POST', '/api/v1/questionnaire/completion', {
      token: tokens[who],
      body: { periodId: past, ...body },
      locale: 'ru',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return status === 200 ? CompletionResponseSchema.parse(res.body).data : null;
  };

  /** Respondents and submitted responses of some schools, counted from the raw rows. */
  const rawCompletion = async (schoolFilter: string, params: unknown[]) => {
    const [row] = await server.db.query<{
      expected: number;
      submitted: number;
      score: string | null;
    }>(
      `SELECT count(*)::int AS expected, count(r.submitted_at)::int AS submitted,
              round(100 * sum(r.points) / nullif(sum(r.max_points), 0), 1)::text AS score
         FROM users u JOIN schools s ON s.id = u.school_id
         JOIN localities l ON l.id = s.locality_id JOIN departments d ON d.id = l.department_id
         LEFT JOIN questionnaire_responses r ON r.user_id = u.id AND r.period_id = ${past}
        WHERE u.archived_at IS NULL AND u.role IN ('teacher', 'group-lead', 'director')
          AND ${schoolFilter}`,
      params,
    );
    return row!;
  };

  it('workers follow completion down their own tree; every level equals a count of the raw rows', async () => {
    const country = (await completion('country_worker', {}))!;
    expect(country.level).toBe('country');
    expect(country.rows).toHaveLength(20);
    const sum = country.rows.reduce((total, row) => total + row.figures.expected, 0);
    expect(sum).toBe(country.figures.expected);
    const astana = country.rows.find((row) => row.name === 'город Астана')!;
    const raw = await rawCompletion('d.region_id = $1', [astana.id]);
    expect(astana.figures.expected).toBe(raw.expected);
    expect(astana.figures.submitted).toBe(raw.submitted);
    expect(astana.figures.score).toBe(raw.score === null ? null : Number(raw.score));

    const region = (await completion('country_worker', { regionId: astana.id }))!;
    expect(region.trail.map((t) => t.level)).toEqual(['country', 'region']);
    const department = region.rows.find((row) => row.organizations > 0)!;
    const inDepartment = (await completion('country_worker', {
      regionId: astana.id,
      departmentId: department.id,
    }))!;
    expect(inDepartment.figures).toEqual(department.figures);
    const rawDepartment = await rawCompletion('d.id = $1', [department.id]);
    expect(inDepartment.figures.expected).toBe(rawDepartment.expected);
    for (const school of inDepartment.rows) {
      const rawSchool = await rawCompletion('s.id = $1', [school.id]);
      expect(school.figures.submitted).toBe(rawSchool.submitted);
      expect(school.figures.score).toBe(rawSchool.score === null ? null : Number(rawSchool.score));
    }

    // The department worker starts at their department and never reads another.
    const own = (await completion('department_worker', {}))!;
    expect(own.level).toBe('department');
    expect(own.trail.map((t) => t.level)).toEqual(['department']);
    const other = country.rows.find((row) => row.id !== astana.id)!;
    await completion('department_worker', { regionId: other.id }, 404);
    await completion('region_worker', { regionId: other.id }, 404);
    await completion('country_worker', { regionId: 999999 }, 404);
    // A director sees their organization only.
    const school = (await completion('director', {}))!;
    expect(school.level).toBe('organization');
    expect(school.rows).toHaveLength(1);
    const foreign = (await completion('school2-director', {}))!.rows[0]!.id;
    await completion('director', { organizationIds: [foreign] }, 404);
    await completion('teacher', {}, 403);
  });

  it('an organization lists its respondents; results per group of questions match the raw answers', async () => {
    const res = await call(server, 'POST', '/api/v1/questionnaire/completion/group', {
      token: tokens.director,
      body: { periodId: current },
      locale: 'kz',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const group = CompletionGroupResponseSchema.parse(res.body).data;
    const director = group.respondents.find((r) => r.id === ids.director)!;
    expect(director).toMatchObject({ groupType: 'director', status: 'new' });
    expect(group.respondents.find((r) => r.id === ids['group-lead'])!.groupType).toBe('teacher');
    const worker = await call(server, 'POST', '/api/v1/questionnaire/completion/group', {
      token: tokens.department_worker,
      body: { periodId: current, schoolId: group.organization.id },
    });
    expect(worker.status).toBe(200);

    const stats = await call(server, 'POST', '/api/v1/monitoring/groups/statistic', {
      token: tokens.country_worker,
      body: { periodId: past, groupType: 'teacher' },
      locale: 'ru',
    });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    const groups = GroupsStatisticResponseSchema.parse(stats.body).data;
    expect(groups.groups).toHaveLength(3);
    const first = groups.groups[0]!;
    const [raw] = await server.db.query<{ score: string }>(
      `SELECT round(100 * sum(rg.points) / sum(rg.max_points), 1)::text AS score
         FROM questionnaire_response_groups rg JOIN questionnaire_responses r ON r.id = rg.response_id
         JOIN users u ON u.id = r.user_id
        WHERE rg.group_id = $1 AND r.period_id = $2 AND r.submitted_at IS NOT NULL
          AND u.archived_at IS NULL`,
      [first.id, past],
    );
    expect(first.score).toBe(Number(raw!.score));

    const one = await call(server, 'POST', '/api/v1/monitoring/group/statistic', {
      token: tokens.country_worker,
      body: { periodId: past, groupId: first.id },
      locale: 'ru',
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const detail = GroupStatisticResponseSchema.parse(one.body).data;
    expect(detail.score).toBe(first.score);
    const single = detail.questions.find((q) => q.kind === 'single')!;
    expect(single.options.reduce((n, o) => n + o.count, 0)).toBe(single.answered);
    const byId = await call(
      server,
      'GET',
      `/api/v1/monitoring/group/statistic/${first.id}?periodId=${past}`,
      { token: tokens.country_worker, locale: 'ru' },
    );
    expect(GroupStatisticResponseSchema.parse(byId.body).data).toEqual(detail);
    const organization = await call(
      server,
      'GET',
      `/api/v1/monitoring/organization/${group.organization.id}/groups/${first.id}?periodId=${past}`,
      { token: tokens.director },
    );
    expect(organization.status).toBe(200);
    const foreignSchool = await call(
      server,
      'GET',
      `/api/v1/monitoring/organization/${group.organization.id}/groups/${first.id}?periodId=${past}`,
      { token: tokens['school2-director'] },
    );
    expect(foreignSchool.status).toBe(404);

    const overall = await call(server, 'POST', '/api/v1/monitoring/groups/overall-statistic', {
      token: tokens.region_worker,
      body: { periodId: past },
    });
    const whole = OverallStatisticResponseSchema.parse(overall.body).data;
    expect(whole.bands.low + whole.bands.middle + whole.bands.high).toBe(whole.figures.submitted);
  });

  it('answers the dictionaries of the tree within the caller’s scope', async () => {
    const regions = await call(server, 'GET', '/api/v1/dictionaries/regions', {
      token: tokens.region_worker,
      locale: 'ru',
    });
    expect(regions.body.data).toHaveLength(20);
    const own = (await completion('department_worker', {}))!;
    const departmentId = own.trail[0]!.id!;
    const localities = await call(
      server,
      'GET',
      `/api/v1/monitoring/localities?departmentId=${departmentId}`,
      { token: tokens.department_worker },
    );
    expect(localities.status).toBe(200);
    expect(
      localities.body.data.reduce(
        (n: number, l: { organizations: number }) => n + l.organizations,
        0,
      ),
    ).toBeGreaterThan(0);
    const departments = await call(server, 'POST', '/api/v1/monitoring/departments', {
      token: tokens.department_worker,
      body: { regionId: (await completion('region_worker', {}))!.trail[0]!.id, periodId: past },
    });
    expect(departments.status, JSON.stringify(departments.body)).toBe(200);
    expect(CompletionResponseSchema.parse(departments.body).data.rows.map((r) => r.id)).toEqual([
      departmentId,
    ]);
    const schools = own.rows.map((r) => r.id).join(',');
    const types = await call(
      server,
      'GET',
      `/api/v1/monitoring/group-types?schoolsIds=${schools}`,
      {
        token: tokens.department_worker,
        locale: 'ru',
      },
    );
    expect(types.status, JSON.stringify(types.body)).toBe(200);
    expect(types.body.data.map((t: { groupType: string }) => t.groupType)).toEqual([
      'teacher',
      'garden',
      'director',
    ]);
    const bad = await call(server, 'GET', '/api/v1/monitoring/group-types?schoolsIds=1,x', {
      token: tokens.department_worker,
    });
    expect(bad.status).toBe(422);
  });
});
