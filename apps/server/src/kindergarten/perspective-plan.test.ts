import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  CyclogramWeekResponseSchema,
  PerspectivePlanResponseSchema,
  cyclogramTemplate,
  schoolYearOf,
} from '@sabaq/platform';
import type { CyclogramCell, PerspectivePlan } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { BACKENDS, call, login, startTestServer } from '../test/harness';
import { mondayOf } from './cyclogram-queries';
import { planTitle } from './perspective-plan-pdf';
import { monthsOfWeek, withLinks } from './perspective-plan-present';

const P = '/api/v2/os/kindergarten/perspective-plan';
const C = '/api/v2/os/kindergarten/cyclogram';
const YEAR = 2030;
const WEEK = '2030-10-07';

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

const goal = (area: string, kz: string, ru = '') => ({
  area,
  topic: { kz, ru },
  goals: { kz: `${kz}: мақсат`, ru: ru ? `${ru}: цель` : '' },
});

describe('perspective plan, without a database', () => {
  it('lists the linked activities of a goal by date and moment, and the months of a week', () => {
    const base = { year: YEAR, month: 10, area: 'health' as const };
    const items = withLinks(
      [{ id: 5, ...base, topic: { kz: 'а', ru: '' }, goals: { kz: '', ru: '' } }],
      [
        {
          week: WEEK,
          cells: [
            { day: 3, moment: 'walk', text: 'Серуен', area: 'health', planItemId: 5 },
            { day: 3, moment: 'exercise', text: 'Жаттығу', area: 'health', planItemId: 5 },
            { day: 1, moment: 'walk', text: 'Бос', area: 'health' },
          ],
        },
      ],
    );
    expect(items[0]!.links).toEqual([
      { date: '2030-10-09', moment: 'exercise', text: 'Жаттығу' },
      { date: '2030-10-09', moment: 'walk', text: 'Серуен' },
    ]);
    expect(monthsOfWeek('2030-09-30')).toEqual([
      { year: 2030, month: 9 },
      { year: 2030, month: 10 },
    ]);
    expect(planTitle('kz', 'А', 2026, 11)).toBe('Перспективалық жоспар — Топ А — Қараша 2026–2027');
  });
});

describe.each(BACKENDS)('kindergarten perspective plan (%s)', (backend) => {
  let server: RunningServer;
  const tokens: Record<string, string> = {};
  let groupId = 0;
  let groupB = 0;
  let strangerGroup = 0;

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const name of ['kindergarten', 'kindergarten-director', 'teacher', 'school2-director'])
      tokens[name] = (await login(server, name)).access_token;
    const rows = await server.db.query<{ id: number; letter: string }>(
      `SELECT g.id, g.letter FROM groups g JOIN schools s ON s.id = g.school_id
        WHERE s.kind = 'kindergarten' ORDER BY g.id`,
    );
    groupId = rows.find((r) => r.letter === 'А')!.id;
    groupB = rows.find((r) => r.letter === 'Б')!.id;
    // Another kindergarten with a group of its own.
    const [school] = await server.db.query<{ id: number }>(
      `INSERT INTO schools (kind, name_kz, name_ru, address_kz, address_ru, bin)
       VALUES ('kindergarten', 'Басқа балабақша', 'Другой сад', '-', '-', '990000000001') RETURNING id`,
    );
    const [group] = await server.db.query<{ id: number }>(
      `INSERT INTO groups (school_id, parallel, letter, edu_lang_id)
       VALUES ($1, 0, 'В', (SELECT min(id) FROM edu_langs)) RETURNING id`,
      [school!.id],
    );
    strangerGroup = group!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const plan = async (who: string, query: string): Promise<PerspectivePlan> => {
    const res = await call(server, 'GET', `${P}${query}`, { token: tokens[who], locale: 'kz' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return PerspectivePlanResponseSchema.parse(res.body).data;
  };
  const saveWeek = (cells: CyclogramCell[]) =>
    call(server, 'PUT', `${C}/${groupId}/${WEEK}`, { token: tokens.kindergarten, body: { cells } });

  it("shows the teacher her group's seeded plan of this school year with this week's links", async () => {
    const seeded = await plan('kindergarten', '');
    const week = mondayOf(new Date());
    expect(seeded).toMatchObject({ groupId, year: schoolYearOf(week), canEdit: true });
    expect(seeded.groups.map((g) => g.name)).toEqual(['А тобы']);
    expect(seeded.items).toHaveLength(45);
    const september = seeded.items.find((i) => i.month === 9 && i.area === 'communication')!;
    expect(september.topic).toEqual({ kz: 'Менің балабақшам', ru: 'Мой детский сад' });
    const month = Number(week.slice(5, 7));
    if ([9, 10, 11, 12, 1, 2, 3, 4, 5].includes(month))
      expect(seeded.items.flatMap((i) => i.links).length).toBeGreaterThanOrEqual(3);
  });

  it('writes a month, keeps the ids of its areas, removes an emptied area and copies a month', async () => {
    const empty = await plan('kindergarten', `?groupId=${groupId}&year=${YEAR}`);
    expect(empty.items).toEqual([]);
    const first = await call(server, 'PUT', `${P}/${groupId}/${YEAR}/10`, {
      token: tokens.kindergarten,
      body: { items: [goal('health', 'Таңғы жаттығу'), goal('cognition', 'Санау', 'Счёт')] },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const saved = PerspectivePlanResponseSchema.parse(first.body).data;
    expect(saved.items.map((i) => [i.month, i.area])).toEqual([
      [10, 'health'],
      [10, 'cognition'],
    ]);
    expect(saved.updatedAt).not.toBeNull();
    const health = saved.items[0]!;

    const again = await call(server, 'PUT', `${P}/${groupId}/${YEAR}/10`, {
      token: tokens.kindergarten,
      body: {
        items: [
          goal('health', 'Доппен жаттығу'),
          { area: 'cognition', topic: { kz: '', ru: '' }, goals: { kz: ' ', ru: '' } },
        ],
      },
    });
    const changed = PerspectivePlanResponseSchema.parse(again.body).data;
    expect(changed.items).toHaveLength(1);
    expect(changed.items[0]).toMatchObject({ id: health.id, topic: { kz: 'Доппен жаттығу' } });

    const copied = await call(server, 'POST', `${P}/${groupId}/${YEAR}/11/copy`, {
      token: tokens.kindergarten,
      body: { fromYear: YEAR, fromMonth: 10 },
    });
    expect(copied.status).toBe(200);
    expect(copied.body.data.items.map((i: { month: number }) => i.month)).toEqual([10, 11]);
    const nothing = await call(server, 'POST', `${P}/${groupId}/${YEAR}/12/copy`, {
      token: tokens.kindergarten,
      locale: 'ru',
      body: { fromYear: YEAR, fromMonth: 3 },
    });
    expect(nothing.status).toBe(404);
    expect(nothing.body.message).toBe('План выбранного месяца пуст: копировать нечего');

    const body = {
      items: [{ area: 'sport', topic: { kz: 'x', ru: '' }, goals: { kz: '', ru: '' } }],
    };
    const july = await call(server, 'PUT', `${P}/${groupId}/${YEAR}/7`, {
      token: tokens.kindergarten,
      body: { items: [] },
    });
    expect(july.status).toBe(422);
    expect(Object.keys(july.body.errors)).toEqual(['month']);
    const bad = await call(server, 'PUT', `${P}/${groupId}/${YEAR}/10`, {
      token: tokens.kindergarten,
      body,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['items.0.area']);
  });

  it('links a cyclogram cell to a goal, shows it from both sides and unlinks it', async () => {
    const written = await call(server, 'PUT', `${P}/${groupId}/${YEAR}/10`, {
      token: tokens.kindergarten,
      body: { items: [goal('communication', 'Ертегі әлемі', 'Мир сказок')] },
    });
    const target = PerspectivePlanResponseSchema.parse(written.body).data.items.find(
      (i) => i.area === 'communication',
    )!;
    const cells = cyclogramTemplate('kz').map((c) =>
      c.day === 3 && c.moment === 'activity1' ? { ...c, planItemId: target.id } : c,
    );
    const linked = await saveWeek(cells);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);

    const res = await call(server, 'GET', `${C}?groupId=${groupId}&week=${WEEK}`, {
      token: tokens.kindergarten,
    });
    const week = CyclogramWeekResponseSchema.parse(res.body).data;
    const cell = week.cells.find((c) => c.day === 3 && c.moment === 'activity1')!;
    expect(cell.planItemId).toBe(target.id);
    expect(week.planItems?.find((g) => g.id === target.id)?.topic.kz).toBe('Ертегі әлемі');

    const seen = await plan('kindergarten-director', `?groupId=${groupId}&year=${YEAR}`);
    expect(seen.canEdit).toBe(false);
    expect(seen.items.find((i) => i.id === target.id)!.links).toEqual([
      { date: '2030-10-09', moment: 'activity1', text: cell.text },
    ]);

    await saveWeek(cells.map((c) => ({ ...c, planItemId: null })));
    const after = await plan('kindergarten', `?groupId=${groupId}&year=${YEAR}`);
    expect(after.items.find((i) => i.id === target.id)!.links).toEqual([]);

    // A goal of another group's plan is refused (422 on the cell).
    const [foreign] = await server.db.query<{ id: number }>(
      `INSERT INTO kindergarten_plan_items (school_id, group_id, year, month, area, topic_kz)
       SELECT school_id, id, ${YEAR}, 10, 'health', 'Бөтен' FROM groups WHERE id = $1 RETURNING id`,
      [groupB],
    );
    const refused = await saveWeek([{ ...cells[0]!, planItemId: foreign!.id }]);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['cells.0.planItemId']);
  });

  it('refuses other groups (404), readers who may not write (403) and users without the subscription (423)', async () => {
    for (const id of [groupB, strangerGroup]) {
      const res = await call(server, 'PUT', `${P}/${id}/${YEAR}/10`, {
        token: tokens.kindergarten,
        body: { items: [] },
      });
      expect(res.status).toBe(404);
    }
    const stranger = await call(server, 'GET', `${P}?groupId=${strangerGroup}`, {
      token: tokens['kindergarten-director'],
    });
    expect(stranger.status).toBe(404);
    const director = await call(server, 'PUT', `${P}/${groupId}/${YEAR}/10`, {
      token: tokens['kindergarten-director'],
      body: { items: [] },
    });
    expect(director.status).toBe(403);
    for (const who of ['teacher', 'school2-director']) {
      const res = await call(server, 'GET', P, { token: tokens[who], locale: 'kz' });
      expect(res.status).toBe(423);
      expect(res.body.redirect).toBe('/kk/tariffs');
    }
  });

  it('prints the plan of a month with a Kazakh title and its goals', async () => {
    const year = schoolYearOf(mondayOf(new Date()));
    const res = await fetch(`${server.url}${P}/${groupId}/${year}/pdf?month=9&lang=kz`, {
      headers: { authorization: `Bearer ${tokens['kindergarten-director']}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const title = planTitle('kz', 'А', year, 9);
    expect(decodeURIComponent(String(res.headers.get('content-disposition')))).toContain(
      `${title.replace(/ — /g, ' ')}.pdf`,
    );
    const text = (await pdfItems(Buffer.from(await res.arrayBuffer()))).join(' ');
    expect(text).toContain(title);
    expect(text).toContain('Менің балабақшам');
    const year2 = await fetch(`${server.url}${P}/${groupId}/${year}/pdf?lang=ru`, {
      headers: { authorization: `Bearer ${tokens.kindergarten}` },
    });
    expect(year2.status).toBe(200);
    const all = (await pdfItems(Buffer.from(await year2.arrayBuffer()))).join(' ');
    expect(all).toContain('Перспективный план — Группа А');
    expect(all).toContain('Декабрь');
  });
});
