import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  CompletionGroupResponseSchema,
  CompletionResponseSchema,
  GroupStatisticResponseSchema,
  GroupsStatisticResponseSchema,
  MonitoringExportJobResponseSchema,
  QuestionnairePeriodsResponseSchema,
} from '@sabaq/platform';
import type { CompletionFigures } from '@sabaq/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOf } from '../jobs/job-runner';
import { loadJob } from '../jobs/job-queries';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { EXPORT_JOB } from './export-queries';
import { formatNumber } from './export-texts';

type Locale = 'kz' | 'ru';
const M = '/api/v1/monitoring';

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The text items of every page of a PDF, in order. */
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

async function openWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The values of a sheet's rows, an empty cell as null (every row as wide as the sheet). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => values[i + 1] ?? null));
  });
  return rows;
}

const cell = (value: number | null) => value;
const figureCells = (f: CompletionFigures) => [
  f.expected,
  f.submitted,
  f.drafts,
  cell(f.completion),
  cell(f.score),
];

describe.each(BACKENDS)('monitoring exports (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let past: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of [
      'country_worker',
      'region_worker',
      'department_worker',
      'director',
      'school2-director',
      'teacher',
    ]) {
      const session = await login(server, name);
      tokens[name] = session.access_token;
      ids[name] = session.user.userId;
    }
    const periods = await call(server, 'GET', '/api/v1/dictionaries/questionnaire/periods', {
      token: tokens.teacher,
    });
    const list = QuestionnairePeriodsResponseSchema.parse(periods.body).data;
    past = list.find((p) => !p.isCurrent && p.endsOn < new Date().toISOString().slice(0, 10))!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function request(
    who: string,
    method: string,
    path: string,
    body?: unknown,
    locale: Locale = 'ru',
  ): Promise<Download> {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        authorization: `Bearer ${tokens[who]}`,
        'x-localization': locale,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.startsWith('application/json')
      ? JSON.parse(bytes.toString('utf8'))
      : null;
    return { status: res.status, headers: res.headers, bytes, json };
  }

  /** An export's file: at once (200), or through its job when it answered 202. */
  async function exported(who: string, path: string, body: unknown, locale: Locale = 'ru') {
    const first = await request(who, 'POST', path, body, locale);
    if (first.status !== 202) {
      expect(first.status, first.json?.message).toBe(200);
      return first;
    }
    const jobId = first.json.data.jobId as number;
    await settle(who, jobId);
    return request(who, 'GET', `${M}/export/${jobId}/file`, undefined, locale);
  }

  async function settle(who: string, jobId: number) {
    for (let tries = 0; tries < 300; tries++) {
      const res = await call(server, 'GET', `${M}/export/${jobId}`, { token: tokens[who] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const job = MonitoringExportJobResponseSchema.parse(res.body).data;
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`export job ${jobId} did not finish`);
  }

  async function api<T>(
    who: string,
    path: string,
    body: unknown,
    schema: { parse(v: unknown): { data: T } },
    locale: Locale = 'ru',
  ) {
    const res = await call(server, body === undefined ? 'GET' : 'POST', path, {
      token: tokens[who],
      ...(body === undefined ? {} : { body }),
      locale,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return schema.parse(res.body).data;
  }

  it('export (.xlsx): a node’s children with the total and its groups of questions, as the API counts them, in kz and ru', async () => {
    for (const locale of ['kz', 'ru'] as const) {
      const body = { periodId: past };
      const file = await exported('country_worker', `${M}/export`, body, locale);
      expect(file.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const disposition = file.headers.get('content-disposition')!;
      expect(disposition).toMatch(
        /^attachment; filename="monitoring-node-xlsx-\d{4}-\d\d-\d\d\.xlsx"; filename\*=UTF-8''/,
      );
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(
        locale === 'kz'
          ? /^Мониторинг Қазақстан \d\d\.\d\d\.\d{4}\.xlsx$/
          : /^Мониторинг Казахстан /,
      );
      const completion = await api(
        'country_worker',
        '/api/v1/questionnaire/completion',
        body,
        CompletionResponseSchema,
        locale,
      );
      const groups = await api(
        'country_worker',
        `${M}/groups/statistic`,
        body,
        GroupsStatisticResponseSchema,
        locale,
      );

      const workbook = await openWorkbook(file.bytes);
      expect(workbook.worksheets).toHaveLength(2);
      const [first, second] = workbook.worksheets.map(rowsOf);
      expect(first![0]![0]).toBe(
        locale === 'kz' ? 'Сауалнама мониторингі' : 'Мониторинг анкетирования',
      );
      expect(first![1]![0]).toBe(locale === 'kz' ? 'Қазақстан' : 'Казахстан');
      expect(String(first![2]![0])).toContain(completion.period.name);
      expect(String(first![3]![0])).toMatch(/\d\d\.\d\d\.\d{4}$/);
      // Every child row and the total row carry the API's figures.
      for (const row of completion.rows) {
        const line = first!.find((cells) => cells[0] === row.name)!;
        expect(line.slice(1)).toEqual([row.organizations, ...figureCells(row.figures)]);
      }
      const total = first!.find((cells) => cells[0] === (locale === 'kz' ? 'Барлығы' : 'Итого'))!;
      expect(total.slice(2)).toEqual(figureCells(completion.figures));

      const header = second!.find(
        (cells) => cells[0] === (locale === 'kz' ? 'Атауы' : 'Наименование'),
      )!;
      expect(header.slice(1, -1)).toEqual(groups.groups.map((g) => g.name));
      for (const row of groups.rows) {
        const line = second!.find((cells) => cells[0] === row.name)!;
        expect(line.slice(1, 1 + row.scores.length)).toEqual(row.scores.map(cell));
      }
    }
  });

  it('export-pdf: the same node as PDF with Kazakh letters, and the API’s total figures', async () => {
    for (const locale of ['kz', 'ru'] as const) {
      const body = { periodId: past };
      const file = await exported('region_worker', `${M}/export-pdf`, body, locale);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toMatch(
        /filename="monitoring-node-pdf-.*\.pdf"/,
      );
      const items = await pdfItems(file.bytes);
      expect(items[0]).toBe(locale === 'kz' ? 'Сауалнама мониторингі' : 'Мониторинг анкетирования');
      const completion = await api(
        'region_worker',
        '/api/v1/questionnaire/completion',
        body,
        CompletionResponseSchema,
        locale,
      );
      expect(items.join(' ')).toContain(completion.trail.at(-1)!.name);
      const at = items.indexOf(locale === 'kz' ? 'Барлығы' : 'Итого');
      const f = completion.figures;
      const shown = [f.expected, f.submitted, f.drafts, f.completion, f.score]
        .filter((v) => v !== null)
        .map((v) => formatNumber(v));
      expect(items.slice(at + 2, at + 2 + shown.length)).toEqual(shown);
      const groups = await api(
        'region_worker',
        `${M}/groups/statistic`,
        body,
        GroupsStatisticResponseSchema,
        locale,
      );
      // Long headers wrap over lines: the words follow one another.
      for (const group of groups.groups) expect(items.join(' ')).toContain(group.name);
    }
  });

  it('export-school (.xlsx) and export-pdf-school: one organization’s respondents and answers per group of questions, as the API has them', async () => {
    const body = { periodId: past };
    const view = await api(
      'director',
      '/api/v1/questionnaire/completion/group',
      body,
      CompletionGroupResponseSchema,
      'kz',
    );
    const file = await exported('director', `${M}/export-school`, body, 'kz');
    const workbook = await openWorkbook(file.bytes);
    const [respondents, answers] = workbook.worksheets.map(rowsOf);
    expect(respondents![0]![0]).toBe('Сауалнама мониторингі: ұйым респонденттері');
    expect(respondents![1]![0]).toBe(view.organization.name);
    const submitted = view.respondents.find((r) => r.status === 'submitted')!;
    const line = respondents!.find((cells) => cells[1] === submitted.name)!;
    expect(line[4]).toBe('Жіберілді');
    expect(line[5]).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(line[6]).toBe(submitted.score);
    expect(respondents!.filter((cells) => typeof cells[0] === 'number')).toHaveLength(
      view.respondents.length,
    );
    // The first group of questions as `organization/:id/groups/:groupId` answers it.
    const groups = await api(
      'director',
      `${M}/groups/statistic`,
      body,
      GroupsStatisticResponseSchema,
      'kz',
    );
    const group = await api(
      'director',
      `${M}/organization/${view.organization.id}/groups/${groups.groups[0]!.id}?periodId=${past}`,
      undefined,
      GroupStatisticResponseSchema,
      'kz',
    );
    const question = group.questions.find((q) => q.kind === 'single')!;
    const asked = answers!.find((cells) => cells[0] === question.text)!;
    expect(asked[1]).toBe(question.answered);
    expect(asked[2]).toBe(question.options[0]!.label);
    expect(asked[3]).toBe(question.options[0]!.count);

    // The same organization as PDF, in Russian, asked by its department's worker.
    const ru = await api(
      'department_worker',
      '/api/v1/questionnaire/completion/group',
      { ...body, schoolId: view.organization.id },
      CompletionGroupResponseSchema,
    );
    const pdf = await exported('department_worker', `${M}/export-pdf-school`, {
      ...body,
      schoolId: view.organization.id,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const items = await pdfItems(pdf.bytes);
    expect(items[0]).toBe('Мониторинг анкетирования: респонденты организации');
    expect(items.join(' ')).toContain(ru.organization.name);
    const f = ru.figures;
    expect(items.join(' ')).toContain(
      `Респондентов: ${f.expected}; Отправлено: ${f.submitted}; Заполняются: ${f.drafts}; Заполнено, %: ${formatNumber(f.completion)}; Результат, %: ${formatNumber(f.score)}`,
    );
    const kzPdf = await exported('director', `${M}/export-pdf-school`, body, 'kz');
    expect((await pdfItems(kzPdf.bytes))[0]).toBe('Сауалнама мониторингі: ұйым респонденттері');
  });

  it('export-school-pages: a sheet per organization of the node with its respondents; too many organizations is a 422', async () => {
    const body = { periodId: past };
    const department = await api(
      'department_worker',
      '/api/v1/questionnaire/completion',
      body,
      CompletionResponseSchema,
      'kz',
    );
    for (const locale of ['kz', 'ru'] as const) {
      const file = await exported('department_worker', `${M}/export-school-pages`, body, locale);
      const workbook = await openWorkbook(file.bytes);
      expect(workbook.worksheets).toHaveLength(department.rows.length);
      const first = rowsOf(workbook.worksheets[0]!);
      expect(first[0]![0]).toBe(
        locale === 'kz'
          ? 'Сауалнама мониторингі: ұйымдар бойынша респонденттер'
          : 'Мониторинг анкетирования: респонденты по организациям',
      );
    }
    const file = await exported('department_worker', `${M}/export-school-pages`, body, 'kz');
    const workbook = await openWorkbook(file.bytes);
    for (const [index, row] of department.rows.entries()) {
      const view = await api(
        'department_worker',
        '/api/v1/questionnaire/completion/group',
        { ...body, schoolId: row.id },
        CompletionGroupResponseSchema,
        'kz',
      );
      const sheet = rowsOf(workbook.worksheets[index]!);
      expect(sheet.find((cells) => cells[0] === row.name)).toBeDefined();
      const people = sheet.filter((cells) => typeof cells[0] === 'number');
      expect(people.map((cells) => cells[1])).toEqual(view.respondents.map((r) => r.name));
      expect(people.map((cells) => cells[6])).toEqual(view.respondents.map((r) => cell(r.score)));
    }

    // A region of 301 organizations is more than one workbook takes.
    const [region] = await server.db.query<{ id: number }>(
      "INSERT INTO regions (name_kz, name_ru) VALUES ('Сынақ облысы', 'Тестовая область') RETURNING id",
    );
    const [place] = await server.db.query<{ id: number }>(
      `WITH d AS (INSERT INTO departments (region_id, name_kz, name_ru) VALUES ($1, 'Сынақ', 'Тест') RETURNING id)
       INSERT INTO localities (department_id, name_kz, name_ru) SELECT id, 'Сынақ', 'Тест' FROM d RETURNING id`,
      [region!.id],
    );
    await server.db.query(
      `INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin, locality_id)
       SELECT 'school', 'Мектеп ' || n, 'Школа ' || n, '-', '-', 'export-' || n, $1
         FROM generate_series(1, 301) n`,
      [place!.id],
    );
    const big = await request(
      'country_worker',
      'POST',
      `${M}/export-school-pages`,
      { ...body, regionId: region!.id },
      'ru',
    );
    expect(big.status).toBe(422);
    expect(big.json.message).toMatch(
      /слишком много организаций \(301, не больше 300\).*сузьте выбор/,
    );
    const bigKz = await request(
      'country_worker',
      'POST',
      `${M}/export-school-pages`,
      { ...body, regionId: region!.id },
      'kz',
    );
    expect(bigKz.json.message).toMatch(/тым көп \(301/);
  });

  it('keeps to the caller’s scope: another region is a 404, a teacher a 403, another school’s organization a 404', async () => {
    const country = await api(
      'country_worker',
      '/api/v1/questionnaire/completion',
      { periodId: past },
      CompletionResponseSchema,
    );
    const own = await api(
      'director',
      '/api/v1/questionnaire/completion',
      { periodId: past },
      CompletionResponseSchema,
    );
    const ownRegion = (
      await api(
        'region_worker',
        '/api/v1/questionnaire/completion',
        { periodId: past },
        CompletionResponseSchema,
      )
    ).trail[0]!.id;
    const other = country.rows.find((row) => row.id !== ownRegion)!.id;
    for (const path of ['export', 'export-pdf', 'export-school-pages']) {
      const res = await request('department_worker', 'POST', `${M}/${path}`, {
        periodId: past,
        regionId: other,
      });
      expect(res.status, path).toBe(404);
      expect(res.json.message).toBe('Такой регион, отдел или организация не найдены');
      expect((await request('teacher', 'POST', `${M}/${path}`, { periodId: past })).status).toBe(
        403,
      );
    }
    // The first demo school, which the second school's director never reaches.
    const school = own.rows[0]!.id;
    for (const path of ['export-school', 'export-pdf-school']) {
      expect(
        (
          await request('school2-director', 'POST', `${M}/${path}`, {
            periodId: past,
            schoolId: school,
          })
        ).status,
      ).toBe(404);
      expect((await request('teacher', 'POST', `${M}/${path}`, { periodId: past })).status).toBe(
        403,
      );
    }
    expect(
      (await request('country_worker', 'POST', `${M}/export`, { periodId: 999999 })).status,
    ).toBe(404);
  });

  it('a slow export answers 202; its starter follows the job and fetches the file, nobody else (404)', async () => {
    // The runner does one job at a time: a job of another kind keeps it busy past the wait.
    const jobs = jobsOf(server.db);
    let release = () => {};
    jobs.handle('test.busy', () => new Promise<void>((resolve) => (release = resolve)));
    await jobs.enqueue({
      kind: 'test.busy',
      schoolId: null,
      createdBy: ids.country_worker!,
      payload: {},
    });
    const started = await request(
      'country_worker',
      'POST',
      `${M}/export`,
      { periodId: past },
      'kz',
    );
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const jobId = started.json.data.jobId as number;
    expect(started.json).toEqual({ data: { jobId } });

    const waiting = await call(server, 'GET', `${M}/export/${jobId}`, {
      token: tokens.country_worker,
    });
    expect(MonitoringExportJobResponseSchema.parse(waiting.body).data).toMatchObject({
      export: 'node-xlsx',
      status: 'queued',
      file: null,
    });
    const early = await request('country_worker', 'GET', `${M}/export/${jobId}/file`);
    expect(early.status).toBe(409);
    expect(early.json.message).toBe('Файл ещё готовится: повторите чуть позже');
    release();

    const job = await settle('country_worker', jobId);
    expect(job).toMatchObject({ status: 'done', stage: 'done', error: null });
    expect(job.done).toBe(job.total);
    expect(job.file).toMatchObject({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      url: `${M}/export/${jobId}/file`,
    });
    const file = await request('country_worker', 'GET', job.file!.url);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(job.file!.size);
    const rows = rowsOf((await openWorkbook(file.bytes)).worksheets[0]!);
    expect(rows[0]![0]).toBe('Сауалнама мониторингі');

    for (const who of ['region_worker', 'director']) {
      expect((await request(who, 'GET', `${M}/export/${jobId}`)).status, who).toBe(404);
      expect((await request(who, 'GET', `${M}/export/${jobId}/file`)).status, who).toBe(404);
    }
    // Another kind of job is no export.
    const busy = await server.db.query<{ id: number }>(
      "SELECT id FROM jobs WHERE kind = 'test.busy'",
    );
    expect((await request('country_worker', 'GET', `${M}/export/${busy[0]!.id}`)).status).toBe(404);
  });

  it('the job checks its starter again when it runs: no longer a follower, or no longer in scope, it fails with their refusal', async () => {
    const jobs = jobsOf(server.db);
    const queue = async (userId: number, body: unknown) => {
      const { id } = await jobs.enqueue({
        kind: EXPORT_JOB,
        schoolId: null,
        createdBy: userId,
        payload: { export: 'node-xlsx', body, locale: 'ru', userId, schoolId: null },
      });
      for (let tries = 0; tries < 200; tries++) {
        const job = (await loadJob(server.db, id))!;
        if (job.status === 'failed' || job.status === 'done') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('job did not finish');
    };
    const teacher = await queue(ids.teacher!, { periodId: past });
    expect(teacher.status).toBe('failed');
    expect(teacher.error!.status).toBe(403);
    const country = await api(
      'country_worker',
      '/api/v1/questionnaire/completion',
      { periodId: past },
      CompletionResponseSchema,
    );
    const ownRegion = (
      await api(
        'region_worker',
        '/api/v1/questionnaire/completion',
        { periodId: past },
        CompletionResponseSchema,
      )
    ).trail[0]!.id;
    const other = country.rows.find((row) => row.id !== ownRegion)!.id;
    const moved = await queue(ids.region_worker!, { periodId: past, regionId: other });
    expect(moved.status).toBe('failed');
    expect(moved.error).toMatchObject({
      status: 404,
      ru: { message: 'Такой регион, отдел или организация не найдены' },
    });
    const fine = await queue(ids.region_worker!, { periodId: past });
    expect(fine.status).toBe('done');
  });

  it('the management’s job route leaves an export’s job to these routes (404, never a 500)', async () => {
    const made = await request('director', 'POST', `${M}/export`, { periodId: past });
    expect(made.status).toBe(200);
    const [job] = await server.db.query<{ id: number }>(
      `SELECT max(id) AS id FROM jobs WHERE kind = $1 AND created_by = $2`,
      [EXPORT_JOB, ids.director],
    );
    expect((await request('director', 'GET', `/api/v2/os/jobs/${job!.id}`)).status).toBe(404);
    expect((await request('director', 'GET', `${M}/export/${job!.id}`)).status).toBe(200);
  });
});

/**
 * An export outlives the server (DESIGN.md "Long work"): queued on a server whose runner is
 * stopped, it answers 202; the next server on the same data directory makes the file, which
 * its starter then fetches. PGlite on disk, as `npm start` runs.
 */
describe('a queued export survives a restart (pglite on disk)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sabaq-export-'));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the next server makes the file the stopped one had queued', async () => {
    server = await startTestServer('pglite', { dataDir });
    await jobsOf(server.db).stop();
    const token = (await login(server, 'department_worker')).access_token;
    const periods = await call(server, 'GET', '/api/v1/dictionaries/questionnaire/periods', {
      token,
    });
    const periodId = QuestionnairePeriodsResponseSchema.parse(periods.body).data[0]!.id;
    const started = await call(server, 'POST', `${M}/export-pdf`, {
      token,
      body: { periodId },
      locale: 'kz',
    });
    expect(started.status).toBe(202);
    const jobId = started.body.data.jobId as number;
    await server.close();

    server = await startTestServer('pglite', { dataDir });
    const again = (await login(server, 'department_worker')).access_token;
    let job = null;
    for (let tries = 0; tries < 300 && job?.status !== 'done'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await call(server, 'GET', `${M}/export/${jobId}`, { token: again });
      job = MonitoringExportJobResponseSchema.parse(res.body).data;
    }
    expect(job).toMatchObject({ status: 'done', export: 'node-pdf' });
    const file = await fetch(`${server.url}${job!.file!.url}`, {
      headers: { authorization: `Bearer ${again}` },
    });
    expect(file.status).toBe(200);
    const items = await pdfItems(Buffer.from(await file.arrayBuffer()));
    expect(items[0]).toBe('Сауалнама мониторингі');
  }, 180_000);
});
