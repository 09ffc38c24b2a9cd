import ExcelJS from 'exceljs';
import type { RouteId } from '@sabaq/platform';
import { makeIin } from '../core/seed-data';
import type { SampleFactory } from '../test/matrix-samples';
import { ROSTER_COLUMNS } from './roster-sheet';

/**
 * Route × role matrix samples of the pupils' roster (see test/matrix-samples.ts), and the sheet
 * builder the roster tests and the benchmark share. A sample import creates a pupil of its own.
 */
const P = '/api/v2/os/backoffice/contingent';

export function pupilIin(unique: number): string {
  return makeIin('2012-04-10', unique % 2 ? 'm' : 'w', 5000 + unique);
}

/** DD.MM.YYYY of the birth date `pupilIin` encodes. */
export const PUPIL_BORN = '10.04.2012';

/** An .xlsx of roster rows (IIN, surname, name, patronymic, birth date, class, language) as base64. */
export async function rosterXlsx(rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Roster');
  ws.addRow(ROSTER_COLUMNS);
  for (const [i, r] of rows.entries()) ws.addRow([i + 1, ...r]);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

export const ROSTER_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'roster.export': async (c) => ({ path: `${P}/export`, opts: { token: c.token } }),
  'roster.import': async (c) => ({
    method: 'POST',
    path: `${P}/import`,
    opts: {
      token: c.token,
      body: {
        xlsx: await rosterXlsx([
          [pupilIin(c.unique), 'Матрицаев', 'Ерлан', '', PUPIL_BORN, '7А', 'Қазақ тілі'],
        ]),
      },
    },
  }),
  'monitoring.contingentList': async (c) => ({
    method: 'POST',
    path: '/api/v1/monitoring/contingent-list?archive=0',
    opts: { token: c.token, body: {} },
  }),
};

/**
 * Routes that name no row of the first school: the caller's own school's roster (the second
 * school's director gets their own pupils). Tenancy of these is tested in roster.test.ts: the
 * second school's export and list hold none of the first school's pupils, and its import cannot
 * take them (422, nothing written).
 */
export const ROSTER_OWN_LISTS: readonly RouteId[] = [
  'roster.export',
  'roster.import',
  'monitoring.contingentList',
];
