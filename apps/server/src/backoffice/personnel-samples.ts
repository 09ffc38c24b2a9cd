import ExcelJS from 'exceljs';
import type { RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { makeIin } from '../core/seed-data';
import { call } from '../test/harness';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Route × role matrix samples of backoffice personnel and school settings (see
 * test/matrix-samples.ts). Writes act on a teacher hired for the sample, never on the demo
 * staff other tests sign in as.
 */
const P = '/api/v2/os/backoffice';

export function sampleIin(unique: number): string {
  return makeIin('1991-03-15', 'w', 3000 + unique);
}

export function hireBody(iin: string) {
  return {
    iin,
    surname: 'Сынақова',
    firstname: 'Айгүл',
    lastname: 'Маратқызы',
    role: 'teacher',
    subrole: null,
    phone: '+7 701 555 12 34',
    email: `hire-${iin}@mail.kz`,
    subjectIds: [],
  };
}

async function hired(c: SampleContext): Promise<number> {
  const r = await call(c.server, 'POST', `${P}/personnel`, {
    token: c.token,
    body: hireBody(sampleIin(c.unique)),
  });
  if (r.status !== 201) throw new Error(`hire failed ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.member.id as number;
}

/** An .xlsx of staff rows (IIN, surname, name, patronymic, role) as base64. */
export async function staffXlsx(rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Staff');
  ws.addRow([
    '№',
    'ЖСН / ИИН',
    'Тегі / Фамилия',
    'Аты / Имя',
    'Әкесінің аты / Отчество',
    'Рөлі / Роль',
  ]);
  for (const [i, r] of rows.entries()) ws.addRow([i + 1, ...r]);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

async function settings(server: RunningServer, token: string | undefined) {
  const r = await call(server, 'GET', `${P}/school-settings`, { token });
  if (r.status !== 200) throw new Error(`settings read failed ${r.status}`);
  return r.body.data as unknown;
}

export const PERSONNEL_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'personnel.list': async (c) => ({ path: `${P}/personnel`, opts: { token: c.token } }),
  'personnel.hire': async (c) => ({
    method: 'POST',
    path: `${P}/personnel`,
    opts: { token: c.token, body: hireBody(sampleIin(c.unique)) },
  }),
  'personnel.update': async (c) => ({
    method: 'PUT',
    path: `${P}/personnel/${await hired(c)}`,
    opts: {
      token: c.token,
      body: { ...hireBody(sampleIin(c.unique)), iin: undefined, subrole: 'DCR', email: '' },
    },
  }),
  'personnel.dismiss': async (c) => ({
    method: 'POST',
    path: `${P}/personnel/${await hired(c)}/dismiss`,
    opts: { token: c.token, body: {} },
  }),
  'personnel.passwordReset': async (c) => ({
    method: 'POST',
    path: `${P}/personnel/${await hired(c)}/password-reset`,
    opts: { token: c.token, body: {} },
  }),
  'personnel.export': async (c) => ({ path: `${P}/personnel/export`, opts: { token: c.token } }),
  'personnel.import': async (c) => ({
    method: 'POST',
    path: `${P}/personnel/import`,
    opts: {
      token: c.token,
      body: { xlsx: await staffXlsx([[sampleIin(c.unique), 'Импортова', 'Дана', '', 'Мұғалім']]) },
    },
  }),
  'schoolSettings.get': async (c) => ({ path: `${P}/school-settings`, opts: { token: c.token } }),
  // The settings as read, saved back unchanged.
  'schoolSettings.save': async (c) => ({
    method: 'PUT',
    path: `${P}/school-settings`,
    opts: { token: c.token, body: await settings(c.server, c.token) },
  }),
};
