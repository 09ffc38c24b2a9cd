import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { BACKENDS, call, fingerprint, login, startTestServer } from '../test/harness';
import { bigCellBomb, manyEntriesBomb, manyRowsBomb } from '../test/xlsx-bombs';
import { readSheet, SheetLimitError } from './sheet-reader';

/**
 * Issue 28: spreadsheets are read off the event loop within limits checked as the work goes:
 * a bomb is refused with 422 naming the limit (kz/ru) while the server keeps answering.
 */
const unreadable = () => new Error('unreadable');
const limits = { maxRows: 50, columns: 5 };

async function excelFile(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function refusal(run: Promise<unknown>): Promise<SheetLimitError> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SheetLimitError);
  return err as SheetLimitError;
}

describe('reading a spreadsheet off the event loop', () => {
  it('gives the first sheet’s rows with values as text: numbers, dates, rich text, formulas', async () => {
    const file = await excelFile((wb) => {
      const ws = wb.addWorksheet('План');
      ws.addRow(['№', 'Тақырып', 'Сағат', 'Тоқсан', 'Күні']);
      ws.addRow([1, 'Бөлшектер', 2, 1, new Date(Date.UTC(2026, 8, 2))]);
      ws.addRow([]);
      ws.addRow([2, { richText: [{ text: 'Тең' }, { text: 'деулер', font: { bold: true } }] }, 1]);
      ws.addRow([3, 'Формула', { formula: '1+1', result: 2 }, 2]);
      wb.addWorksheet('Басқа').addRow(['басқа парақ']);
    });
    const rows = await readSheet(file.toString('base64'), { field: 'xlsx', limits, unreadable });
    expect(rows).toEqual([
      { row: 1, cells: ['№', 'Тақырып', 'Сағат', 'Тоқсан', 'Күні'] },
      { row: 2, cells: ['1', 'Бөлшектер', '2', '1', '2026-09-02'] },
      { row: 4, cells: ['2', 'Теңдеулер', '1', '', ''] },
      { row: 5, cells: ['3', 'Формула', '2', '2', ''] },
    ]);
  });

  it('names each limit it stops at, in Kazakh and Russian', async () => {
    const rows = await refusal(
      readSheet(manyRowsBomb(5_000), { field: 'xlsx', limits, unreadable }),
    );
    expect(rows.toBody('ru')).toEqual({
      message: 'В таблице больше 50 строк',
      errors: { xlsx: ['В таблице больше 50 строк'] },
    });
    expect(rows.toBody('kz').message).toBe('Кестеде 50 жолдан көп');

    const unpacked = await refusal(
      readSheet(bigCellBomb(20 * 1024 * 1024), { field: 'fileId', limits, unreadable }),
    );
    expect(unpacked.toBody('ru').errors).toEqual({
      fileId: [
        'Файл .xlsx после распаковки больше 16 МБ: для импорта это слишком много. Оставьте в книге только лист с данными',
      ],
    });
    expect(unpacked.toBody('kz').message).toMatch(/^\.xlsx файлы ашылғанда 16 МБ-тан асады/);

    const cell = await refusal(
      readSheet(bigCellBomb(3000, 'Ә'), { field: 'xlsx', limits, unreadable }),
    );
    expect(cell.toBody('ru').message).toBe(
      'В ячейке B1 больше 2000 символов: в таблице для импорта такого текста не бывает',
    );
    expect(cell.toBody('kz').message).toMatch(/^B1 ұяшығында 2000 таңбадан көп/);

    const entries = await refusal(
      readSheet(manyEntriesBomb(), { field: 'xlsx', limits, unreadable }),
    );
    expect(entries.toBody('ru').message).toBe(
      'В файле .xlsx больше 500 частей: это не таблица для импорта',
    );

    const packed = await refusal(
      readSheet(Buffer.alloc(9 * 1024 * 1024, 1).toString('base64'), {
        field: 'xlsx',
        limits,
        unreadable,
      }),
    );
    expect(packed.toBody('ru').message).toBe(
      'Файл .xlsx больше 8 МБ: для импорта это слишком много',
    );
    // Not a zip, or a zip that is no workbook: the domain's own "cannot read".
    await expect(
      readSheet(Buffer.from('not a zip'), { field: 'xlsx', limits, unreadable }),
    ).rejects.toThrow('unreadable');
  });

  it('stops a thread that needs more memory than its cap, and one that takes too long', async () => {
    const memory = await refusal(
      readSheet(bigCellBomb(12 * 1024 * 1024), {
        field: 'xlsx',
        limits: { ...limits, memoryMb: 16 },
        unreadable,
      }),
    );
    expect(memory.limit).toBe('memory');
    expect(memory.toBody('ru').message).toBe(
      'Файл .xlsx слишком сложный: для чтения нужно больше 16 МБ памяти',
    );
    const slow = await refusal(
      readSheet(manyRowsBomb(20_000), {
        field: 'xlsx',
        limits: { maxRows: 100_000, columns: 5, timeoutMs: 1 },
        unreadable,
      }),
    );
    expect(slow.toBody('ru').message).toBe(
      'Файл .xlsx читается дольше 0 с: он слишком сложный для импорта',
    );
  });
});

describe.each(BACKENDS)('spreadsheet bombs sent to the imports on %s', (backend) => {
  let server: RunningServer;
  let director: string;
  let planId: number;
  const rowsBomb = manyRowsBomb();
  const cellBomb = bigCellBomb();

  beforeAll(async () => {
    server = await startTestServer(backend);
    director = (await login(server, 'director')).access_token;
    const plans = await server.db.query<{ id: number }>(
      `SELECT cp.id FROM calendar_plans cp JOIN groups g ON g.id = cp.group_id
        WHERE g.school_id = (SELECT school_id FROM users WHERE login = 'director')
        ORDER BY cp.id LIMIT 1`,
    );
    planId = plans[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /**
   * Sends `send` and, while it is refused, measures the event loop's delay and asks the server
   * something else: the refusal must not stall anyone (a generous bound: the issue measured
   * 14.8 s before; a busy two-core machine stays far below one second).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies as the harness gives them
  async function whileRefused(send: () => Promise<{ status: number; body: any }>) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // The longest the loop went without running a 10 ms timer: a stall shows here directly.
    let last = performance.now();
    let gap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }, 10);
    const refused = send();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = await call(server, 'GET', '/api/v2/os/user-info', { token: director });
    const res = await refused;
    clearInterval(ticker);
    delay.disable();
    gap = Math.max(gap, performance.now() - last);
    expect(other.status).toBe(200);
    expect(delay.max / 1e6).toBeLessThan(1000);
    expect(gap).toBeLessThan(1000);
    return { res };
  }

  it('a calendar plan: 100,000 rows and a 50 MB cell are refused with 422, nothing written', async () => {
    let before = await fingerprint(server);
    // Small files that unpack to a great deal: ~1.5 MB to ~10 MB of rows, 67 KB to 50 MB.
    expect(rowsBomb.length).toBeLessThan(2_000_000);
    expect(cellBomb.length).toBeLessThan(100_000);
    const url = `/api/v2/os/calendar-plans/${planId}/lessons`;
    for (const locale of ['kz', 'ru'] as const) {
      const rows = await whileRefused(() =>
        call(server, 'PUT', url, {
          token: director,
          locale,
          body: { xlsx: rowsBomb.toString('base64') },
        }),
      );
      expect(rows.res.status).toBe(422);
      expect(rows.res.body.errors.rows).toEqual([
        locale === 'ru'
          ? 'Список слишком длинный: не больше 400 уроков'
          : 'Тізім тым ұзын: ең көбі 400 сабақ',
      ]);
      const cell = await whileRefused(() =>
        call(server, 'PUT', url, {
          token: director,
          locale,
          body: { xlsx: cellBomb.toString('base64') },
        }),
      );
      expect(cell.res.status).toBe(422);
      expect(cell.res.body.errors.xlsx[0]).toMatch(
        locale === 'ru' ? /после распаковки больше 16 МБ/ : /ашылғанда 16 МБ-тан асады/,
      );
    }
    expect(await fingerprint(server)).toBe(before);
    // The same bomb sent to the file service first, then imported by its id.
    const form = new FormData();
    form.append('file', new Blob([rowsBomb]), 'ktp.xlsx');
    const up = await fetch(`${server.url}/api/v2/os/files?use=ktp`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${director}` },
    });
    expect(up.status).toBe(201);
    const name = ((await up.json()) as { data: { name: string } }).data.name;
    before = await fingerprint(server);
    const byId = await whileRefused(() =>
      call(server, 'PUT', url, { token: director, locale: 'ru', body: { fileId: name } }),
    );
    expect(byId.res.status).toBe(422);
    expect(byId.res.body.errors.rows).toEqual(['Список слишком длинный: не больше 400 уроков']);
    expect(await fingerprint(server)).toBe(before);
  });

  it('the staff list and the pupils’ roster refuse the same bombs, naming the limit', async () => {
    const before = await fingerprint(server);
    for (const [path, tooLong] of [
      ['/api/v2/os/backoffice/personnel/import', 'Файл слишком длинный: не больше 1000 строк'],
      ['/api/v2/os/backoffice/contingent/import', 'Файл слишком длинный: не больше 5000 строк'],
    ] as const) {
      const rows = await whileRefused(() =>
        call(server, 'POST', path, {
          token: director,
          locale: 'ru',
          body: { xlsx: rowsBomb.toString('base64') },
        }),
      );
      expect(rows.res.status, path).toBe(422);
      expect(rows.res.body.errors.xlsx).toEqual([tooLong]);
      const cell = await whileRefused(() =>
        call(server, 'POST', path, {
          token: director,
          locale: 'kz',
          body: { xlsx: cellBomb.toString('base64') },
        }),
      );
      expect(cell.res.status, path).toBe(422);
      expect(cell.res.body.errors.xlsx[0]).toMatch(/ашылғанда 16 МБ-тан асады/);
    }
    // Refused before anything was queued or written (the file service kept the KTP upload only).
    expect(await fingerprint(server)).toBe(before);
  });
});
