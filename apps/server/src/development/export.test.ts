import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevelopmentCardResponseSchema, DevelopmentGroupResponseSchema } from '@sabaq/platform';
import type { DevelopmentCard, DevelopmentGroup, SkillLevel } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';

const P = '/api/v2/os/development';
type Locale = 'kz' | 'ru';

const roman = (level: SkillLevel | null) => (level === null ? '—' : ['I', 'II', 'III'][level - 1]);

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

/** The values of a sheet's rows (empty cells as null). */
async function sheetRows(bytes: Buffer, sheet = 1): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[sheet - 1]!.eachRow((row) => {
    // row.values is sparse and 1-based: Array.from turns its holes into nulls.
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? null));
  });
  return rows;
}

describe.each(BACKENDS)('developmental card exports (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  let group: DevelopmentGroup;
  let other: DevelopmentGroup;

  async function download(who: string, path: string, locale: Locale) {
    const res = await fetch(server.url + path, {
      headers: { authorization: `Bearer ${tokens[who]}`, 'x-localization': locale },
    });
    return {
      status: res.status,
      headers: res.headers,
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  }

  async function card(id: number, locale: Locale): Promise<DevelopmentCard> {
    const res = await call(server, 'GET', `${P}/cards/${id}`, {
      token: tokens.kindergarten,
      locale,
    });
    return DevelopmentCardResponseSchema.parse(res.body).data;
  }

  async function groupView(id: number, stage: string, locale: Locale): Promise<DevelopmentGroup> {
    const res = await call(server, 'GET', `${P}/groups/${id}?stage=${stage}`, {
      token: tokens['kindergarten-director'],
      locale,
    });
    return DevelopmentGroupResponseSchema.parse(res.body).data.group;
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['kindergarten', 'kindergarten-director', 'director', 'school2-director'])
      tokens[name] = (await login(server, name)).access_token;
    const groups = await call(server, 'GET', `${P}/groups`, {
      token: tokens['kindergarten-director'],
    });
    [group, other] = groups.body.data.groups;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a child's card as PDF, in Kazakh and in Russian, shows the API's levels and notes", async () => {
    const child = group.children[0]!;
    const note = await call(server, 'PUT', `${P}/cards/${child.id}/notes`, {
      token: tokens.kindergarten,
      body: {
        stage: 'start',
        area: 'communication',
        comment: 'Сөздік қоры бай, әңгімені қызығып тыңдайды',
        recommendation: 'Суреттер бойынша әңгіме құрастыруға жаттықтыру',
      },
    });
    expect(note.status).toBe(200);
    for (const [locale, title, overall] of [
      ['kz', 'Баланың жеке даму картасы', 'Жалпы деңгей'],
      ['ru', 'Индивидуальная карта развития ребёнка', 'Общий уровень'],
    ] as const) {
      const file = await download(
        'kindergarten',
        `${P}/cards/${child.id}/export?format=pdf`,
        locale,
      );
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const disposition = file.headers.get('content-disposition')!;
      expect(disposition).toMatch(
        /^attachment; filename="development-card-\d+-\d{4}-\d{4}\.pdf"; filename\*=UTF-8''/,
      );
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(
        `${title} — ${child.name}.pdf`,
      );
      const items = await pdfItems(file.bytes);
      const api = await card(child.id, locale);
      expect(items).toContain(title);
      expect(items.join(' ')).toContain(child.name);
      expect(items).toContain(api.areas[0]!.title);
      expect(items).toContain(api.areas[0]!.skills[0]!.title);
      const last = items.lastIndexOf(overall);
      expect(items.slice(last + 1, last + 4)).toEqual(
        (['start', 'middle', 'end'] as const).map((stage) => roman(api.overall[stage])),
      );
      expect(api.overall.start).not.toBeNull();
      if (locale === 'kz') {
        expect(items.join(' ')).toContain('Сөздік қоры бай, әңгімені қызығып тыңдайды');
        expect(items.join(' ')).toContain('Суреттер бойынша әңгіме құрастыруға жаттықтыру');
      }
    }
  });

  it("a child's card as .xlsx: each area's and the overall level equal the API's", async () => {
    const child = group.children[1]!;
    await call(server, 'PUT', `${P}/cards/${child.id}/notes`, {
      token: tokens.kindergarten,
      body: { stage: 'middle', area: 'society', comment: 'Дружелюбен', recommendation: '' },
    });
    const file = await download(
      'kindergarten-director',
      `${P}/cards/${child.id}/export?format=xlsx`,
      'ru',
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = await sheetRows(file.bytes);
    const api = await card(child.id, 'ru');
    expect(rows[0]).toEqual(['Индивидуальная карта развития ребёнка']);
    expect(rows).toContainEqual(['Ребёнок', child.name]);
    for (const area of api.areas)
      expect(rows).toContainEqual([
        area.title,
        'Уровень по области',
        ...(['start', 'middle', 'end'] as const).map((s) => roman(area.levels[s])),
      ]);
    expect(rows).toContainEqual([
      null,
      'Общий уровень',
      ...(['start', 'middle', 'end'] as const).map((s) => roman(api.overall[s])),
    ]);
    const notes = await sheetRows(file.bytes, 2);
    expect(notes).toEqual([
      ['Образовательная область', 'Этап контроля', 'Комментарий', 'Рекомендации по развитию'],
      ['Социум', 'Промежуточный контроль', 'Дружелюбен'], // no recommendation: an empty cell,
    ]);

    const one = await download(
      'kindergarten',
      `${P}/cards/${child.id}/export?format=xlsx&stage=middle`,
      'kz',
    );
    const header = (await sheetRows(one.bytes)).find((row) => row[0] === 'Білім беру саласы');
    expect(header).toEqual(['Білім беру саласы', 'Дағдылар мен біліктер', 'Аралық бақылау']);
    expect(one.headers.get('content-disposition')).toMatch(
      /filename="development-card-\d+-middle\.xlsx"/,
    );
  });

  it("a group's summary as .xlsx and PDF: the numbers of development.group", async () => {
    const api = await groupView(group.id, 'start', 'kz');
    const file = await download(
      'kindergarten',
      `${P}/groups/${group.id}/export?format=xlsx&stage=start`,
      'kz',
    );
    expect(file.status).toBe(200);
    const rows = await sheetRows(file.bytes);
    expect(rows[0]).toEqual(['Топтың даму картасы']);
    api.children.forEach((child, index) =>
      expect(rows).toContainEqual([
        index + 1,
        child.name,
        ...Object.values(child.areas).map(roman),
        roman(child.overall),
      ]),
    );
    for (const line of api.distribution)
      expect(rows).toContainEqual([
        null,
        line.title,
        line.level1,
        line.level2,
        line.level3,
        line.none,
      ]);
    const overall = rows.find((row) => row[1] === 'Жалпы деңгей')!;
    expect(overall.slice(2)).toEqual(
      ([1, 2, 3, null] as const).map(
        (level) => api.children.filter((c) => c.overall === level).length,
      ),
    );
    expect(overall.slice(2).reduce((sum: number, n) => sum + (n as number), 0)).toBe(12);

    const ru = await groupView(group.id, 'middle', 'ru');
    const pdf = await download(
      'kindergarten-director',
      `${P}/groups/${group.id}/export?format=pdf&stage=middle`,
      'ru',
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="development-group-\d+-middle\.pdf"; filename\*=UTF-8''/,
    );
    const items = await pdfItems(pdf.bytes);
    expect(items).toContain('Карта развития группы');
    expect(items).toContain('Промежуточный контроль');
    const assessed = ru.children.find((c) => c.overall !== null)!;
    const at = items.indexOf(assessed.name);
    expect(at).toBeGreaterThan(0);
    expect(items.slice(at + 1, at + 7)).toEqual([
      ...Object.values(assessed.areas).map(roman),
      roman(assessed.overall),
    ]);
    const line = ru.distribution[0]!;
    const row = items.lastIndexOf(line.title);
    expect(items.slice(row + 1, row + 5)).toEqual(
      [line.level1, line.level2, line.level3, line.none].map(String),
    );
  });

  it('another group, another kindergarten, another school: 404', async () => {
    const paths = [
      `${P}/cards/${group.children[0]!.id}/export?format=pdf`,
      `${P}/groups/${group.id}/export?format=xlsx`,
    ];
    for (const who of ['director', 'school2-director'])
      for (const path of paths) expect((await download(who, path, 'ru')).status).toBe(404);
    expect(
      (
        await download(
          'kindergarten',
          `${P}/cards/${other.children[0]!.id}/export?format=xlsx`,
          'kz',
        )
      ).status,
    ).toBe(404);
    expect(
      (await download('kindergarten', `${P}/groups/${other.id}/export?format=pdf`, 'kz')).status,
    ).toBe(404);
    expect(
      (await download('kindergarten', `${P}/groups/${group.id}/export?format=doc`, 'kz')).status,
    ).toBe(422);
  });
});
