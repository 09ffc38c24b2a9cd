import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CyclogramWeekResponseSchema, cyclogramTemplate } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { receiptFont } from '../commerce/receipt-pdf';
import { cyclogramTitle, renderCyclogram } from './cyclogram-pdf';

const C = '/api/v2/os/kindergarten/cyclogram';
const WEEK = '2026-11-16';
const NEXT = '2026-11-23';

const pdfHead = (body: Buffer) => body.subarray(0, 5).toString('latin1');

/** The document title of a pdfkit PDF: the info dictionary's UTF-16BE string (never compressed). */
function pdfTitle(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const start = text.indexOf(`\n${ref} 0 obj\n(`);
  if (!ref || start < 0) return '';
  const from = start + `\n${ref} 0 obj\n(`.length;
  const raw = Buffer.from(text.slice(from, text.indexOf(')\nendobj', from)), 'latin1');
  const bytes = Buffer.from(raw.subarray(2)).swap16();
  return bytes.toString('utf16le');
}

describe('cyclogram PDF', () => {
  it('renders a Kazakh week with the embedded font and a Kazakh title', async () => {
    const font = receiptFont();
    expect(font).not.toBeNull();
    const pdf = await renderCyclogram(cyclogramTemplate('kz'), 'kz', 'А', WEEK, font!);
    expect(pdfHead(pdf)).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
    expect(pdf.toString('latin1')).toMatch(/DejaVu/);
    // The document title (info dictionary) holds the Kazakh title, UTF-16 encoded.
    const title = cyclogramTitle('kz', 'А', WEEK);
    expect(title).toBe('Апталық циклограмма — Топ А — Апта 2026-11-16');
    expect(pdfTitle(pdf)).toBe(title);
  });
});

describe.each(BACKENDS)('kindergarten cyclogram (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  let groupId = 0;
  let otherGroup = 0;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['kindergarten', 'methodist', 'teacher'])
      tokens[name] = (await login(server, name)).access_token;
    const rows = await server.db.query<{ id: number; letter: string }>(
      `SELECT g.id, g.letter FROM groups g JOIN schools s ON s.id = g.school_id
        WHERE s.kind = 'kindergarten' ORDER BY g.id`,
    );
    groupId = rows.find((r) => r.letter === 'А')!.id;
    otherGroup = rows.find((r) => r.letter !== 'А')?.id ?? 999_999;
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (who: string, query: string) => {
    const res = await call(server, 'GET', `${C}${query}`, { token: tokens[who], locale: 'kz' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CyclogramWeekResponseSchema.parse(res.body).data;
  };

  it("shows the teacher her group's empty week, saves it from a template and copies it on", async () => {
    const empty = await get('kindergarten', `?week=${WEEK}`);
    expect(empty).toMatchObject({ groupId, cells: [], canEdit: true, updatedAt: null });
    expect(empty.groups.map((g) => g.name)).toEqual(['А тобы']);

    const cells = cyclogramTemplate('kz');
    const saved = await call(server, 'PUT', `${C}/${groupId}/${WEEK}`, {
      token: tokens.kindergarten,
      body: { cells },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.cells).toHaveLength(30);
    expect(saved.body.data.updatedAt).not.toBeNull();

    const copied = await call(server, 'POST', `${C}/${groupId}/${NEXT}/copy`, {
      token: tokens.kindergarten,
    });
    expect(copied.status).toBe(200);
    const next = await get('kindergarten', `?groupId=${groupId}&week=${NEXT}`);
    expect(next.cells).toEqual(saved.body.data.cells);

    const pdf = await call(server, 'GET', `${C}/${groupId}/${NEXT}/pdf`, {
      token: tokens.kindergarten,
      locale: 'kz',
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(String(pdf.headers.get('content-disposition')))).toContain(
      'Апталық циклограмма Топ А Апта 2026-11-23.pdf',
    );
  });

  it('has nothing to copy into a week whose previous week is empty (404 kz/ru)', async () => {
    const res = await call(server, 'POST', `${C}/${groupId}/2026-01-05/copy`, {
      token: tokens.kindergarten,
      locale: 'ru',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Циклограммы прошлой недели нет: копировать нечего');
  });

  it("refuses another group (404), a school teacher (423) and the methodist's writing (403)", async () => {
    const other = await call(server, 'PUT', `${C}/${otherGroup}/${WEEK}`, {
      token: tokens.kindergarten,
      body: { cells: [] },
    });
    expect(other.status).toBe(404);
    const school = await call(server, 'GET', `${C}?week=${WEEK}`, { token: tokens.teacher });
    expect(school.status).toBe(423);
    const methodist = await call(server, 'PUT', `${C}/${groupId}/${WEEK}`, {
      token: tokens.methodist,
      body: { cells: [] },
    });
    expect(methodist.status).toBe(403);
    const view = await get('methodist', `?week=${WEEK}`);
    expect(view).toMatchObject({ groups: [], groupId: null, canEdit: false });
  });

  it('answers a week that is not a Monday or a bad cell with 422', async () => {
    const tuesday = await call(server, 'GET', `${C}?week=2026-11-17`, {
      token: tokens.kindergarten,
    });
    expect(tuesday.status).toBe(422);
    const bad = await call(server, 'PUT', `${C}/${groupId}/${WEEK}`, {
      token: tokens.kindergarten,
      locale: 'kz',
      body: { cells: [{ day: 6, moment: 'nap', text: 'x', area: null }] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['cells.0.day', 'cells.0.moment']),
    );
  });
});
