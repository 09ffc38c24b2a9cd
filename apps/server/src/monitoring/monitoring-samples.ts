import type { RouteId } from '@sabaq/platform';
import { call } from '../test/harness';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of monitoring (see test/matrix-samples.ts). Every call answers
 * from the caller's own place in the tree (their organization, department, region), so the
 * second-school check skips them; monitoring.test.ts proves the scoping.
 */
async function one(c: SampleContext, sql: string): Promise<number> {
  const rows = await c.server.db.query<{ id: number }>(sql);
  return rows[0]!.id;
}
const currentPeriod = (c: SampleContext) =>
  one(c, 'SELECT id FROM questionnaire_periods WHERE current_date BETWEEN starts_on AND ends_on');
const firstGroup = (c: SampleContext) => one(c, 'SELECT min(id) AS id FROM questionnaire_groups');
/** The first demo school (the demo region's and department's). */
const demoSchool = (c: SampleContext) =>
  one(c, "SELECT min(id) AS id FROM schools WHERE kind = 'school'");
const demoDepartment = (c: SampleContext) =>
  one(
    c,
    `SELECT l.department_id AS id FROM schools s JOIN localities l ON l.id = s.locality_id
      WHERE s.id = (SELECT min(id) FROM schools WHERE kind = 'school')`,
  );
const demoRegion = (c: SampleContext) =>
  one(
    c,
    `SELECT d.region_id AS id FROM schools s JOIN localities l ON l.id = s.locality_id
       JOIN departments d ON d.id = l.department_id
      WHERE s.id = (SELECT min(id) FROM schools WHERE kind = 'school')`,
  );

export const MONITORING_OWN_ROUTES: readonly RouteId[] = [
  'questionnaire.periods',
  'questionnaire.show',
  'questionnaire.answersStore',
  'questionnaire.completion',
  'questionnaire.completionGroup',
  'dictionaries.regions',
  'monitoring.departments',
  'monitoring.localities',
  'monitoring.groupTypes',
  'monitoring.groupsStatistic',
  'monitoring.groupStatistic',
  'monitoring.overallStatistic',
  'monitoring.groupStatisticById',
  'monitoring.organizationGroup',
  'monitoring.export',
  'monitoring.exportSchool',
  'monitoring.exportSchoolPages',
  'monitoring.exportPdf',
  'monitoring.exportPdfSchool',
  'monitoring.exportJob',
  'monitoring.exportFile',
];

/** An export the caller made (the node .xlsx of their own level), once its file is ready. */
async function ownExport(c: SampleContext): Promise<number> {
  const made = await call(c.server, 'POST', '/api/v1/monitoring/export', {
    token: c.token,
    body: { periodId: await currentPeriod(c) },
  });
  if (made.status !== 200 && made.status !== 202)
    throw new Error(`export failed: ${made.status} ${JSON.stringify(made.body)}`);
  const rows = await c.server.db.query<{ id: number }>(
    `SELECT max(j.id) AS id FROM jobs j JOIN users u ON u.id = j.created_by
      WHERE j.kind = 'monitoring.export' AND u.login = $1`,
    [c.login],
  );
  const jobId = rows[0]!.id;
  for (let tries = 0; tries < 100; tries++) {
    const job = await call(c.server, 'GET', `/api/v1/monitoring/export/${jobId}`, {
      token: c.token,
    });
    if (job.body?.data?.status !== 'queued' && job.body?.data?.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return jobId;
}

const post = (path: string, body: (c: SampleContext) => Promise<unknown>, expect?: number[]) =>
  (async (c: SampleContext) => ({
    method: 'POST',
    path,
    opts: { token: c.token, body: await body(c) },
    ...(expect ? { expect } : {}),
  })) satisfies SampleFactory;

export const MONITORING_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'questionnaire.periods': async (c) => ({
    path: '/api/v1/dictionaries/questionnaire/periods',
    opts: { token: c.token },
  }),
  'questionnaire.show': post('/api/v1/questionnaire', async (c) => ({
    periodId: await currentPeriod(c),
  })),
  // Another type's questionnaire is a 404; a response already sent is a 409.
  'questionnaire.answersStore': post(
    '/api/v1/questionnaire/answers/store',
    async (c) => ({
      questionnaireId: await one(c, "SELECT id FROM questionnaires WHERE group_type = 'teacher'"),
      periodId: await currentPeriod(c),
      answers: [],
    }),
    [200, 404, 409],
  ),
  'questionnaire.completion': post('/api/v1/questionnaire/completion', async (c) => ({
    periodId: await currentPeriod(c),
  })),
  'questionnaire.completionGroup': post(
    '/api/v1/questionnaire/completion/group',
    async (c) => ({ periodId: await currentPeriod(c), schoolId: await demoSchool(c) }),
    [200, 404],
  ),
  'dictionaries.regions': async (c) => ({
    path: '/api/v1/dictionaries/regions',
    opts: { token: c.token },
  }),
  'monitoring.departments': post('/api/v1/monitoring/departments', async (c) => ({
    regionId: await demoRegion(c),
    periodId: await currentPeriod(c),
  })),
  'monitoring.localities': async (c) => ({
    path: `/api/v1/monitoring/localities?departmentId=${await demoDepartment(c)}`,
    opts: { token: c.token },
  }),
  'monitoring.groupTypes': async (c) => ({
    path: '/api/v1/monitoring/group-types',
    opts: { token: c.token },
  }),
  'monitoring.groupsStatistic': post('/api/v1/monitoring/groups/statistic', async (c) => ({
    periodId: await currentPeriod(c),
  })),
  'monitoring.groupStatistic': post('/api/v1/monitoring/group/statistic', async (c) => ({
    periodId: await currentPeriod(c),
    groupId: await firstGroup(c),
  })),
  'monitoring.overallStatistic': post('/api/v1/monitoring/groups/overall-statistic', async (c) => ({
    periodId: await currentPeriod(c),
  })),
  'monitoring.groupStatisticById': async (c) => ({
    path: `/api/v1/monitoring/group/statistic/${await firstGroup(c)}?periodId=${await currentPeriod(c)}`,
    opts: { token: c.token },
  }),
  'monitoring.organizationGroup': async (c) => ({
    path: `/api/v1/monitoring/organization/${await demoSchool(c)}/groups/${await firstGroup(c)}?periodId=${await currentPeriod(c)}`,
    opts: { token: c.token },
    expect: [200, 404],
  }),
  'monitoring.export': post('/api/v1/monitoring/export', async (c) => ({
    periodId: await currentPeriod(c),
  })),
  'monitoring.exportPdf': post('/api/v1/monitoring/export-pdf', async (c) => ({
    periodId: await currentPeriod(c),
  })),
  // The demo department: every admitted role's own or above it (management: their school).
  'monitoring.exportSchoolPages': post('/api/v1/monitoring/export-school-pages', async (c) => ({
    periodId: await currentPeriod(c),
    regionId: await demoRegion(c),
    departmentId: await demoDepartment(c),
  })),
  'monitoring.exportSchool': post(
    '/api/v1/monitoring/export-school',
    async (c) => ({ periodId: await currentPeriod(c), schoolId: await demoSchool(c) }),
    [200, 202, 404],
  ),
  'monitoring.exportPdfSchool': post(
    '/api/v1/monitoring/export-pdf-school',
    async (c) => ({ periodId: await currentPeriod(c), schoolId: await demoSchool(c) }),
    [200, 202, 404],
  ),
  'monitoring.exportJob': async (c) => ({
    path: `/api/v1/monitoring/export/${await ownExport(c)}`,
    opts: { token: c.token },
  }),
  'monitoring.exportFile': async (c) => ({
    path: `/api/v1/monitoring/export/${await ownExport(c)}/file`,
    opts: { token: c.token },
  }),
};
