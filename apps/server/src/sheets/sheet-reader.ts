import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Locale } from '@sabaq/platform';
import { CatalogueError } from '../http/errors';

/**
 * Reading an uploaded .xlsx (issue 28): every import of a spreadsheet (calendar plans, staff,
 * the pupils' roster) reads it here. ExcelJS loaded a whole workbook on the event loop before
 * any limit was checked, so an 18 KB file unpacking to 100,000 rows stalled every school for
 * 15 s. Now the work runs on a worker thread with a memory cap (`sheet-worker.mjs`), and each
 * limit stops it as soon as it is passed — the packed size before the thread starts; entries,
 * unpacked bytes, rows and cell length while the file is read — with a 422 naming the limit in
 * Kazakh and Russian. At most two files are read at once per process; more wait their turn.
 */
export interface SheetLimits {
  /** Rows with values (a domain adds a few for titles and headers). */
  maxRows: number;
  /** Columns read from each row (1…columns); cells further right are not looked at. */
  columns: number;
  /** Characters in one cell. */
  maxCellChars?: number;
  /** Bytes of the file as sent. */
  maxPackedBytes?: number;
  /** Bytes of the parts read, once unpacked (shared strings, styles, the sheet…). */
  maxUnpackedBytes?: number;
  /** Files inside the zip. */
  maxEntries?: number;
  /** The reading thread's heap, MB. */
  memoryMb?: number;
  /** Wall time of one read, ms. */
  timeoutMs?: number;
}

export const SHEET_DEFAULTS = {
  maxCellChars: 2000,
  maxPackedBytes: 8 * 1024 * 1024,
  maxUnpackedBytes: 16 * 1024 * 1024,
  maxEntries: 500,
  memoryMb: 96,
  timeoutMs: 20_000,
} as const;

/** One row with values: its number in the sheet and its first `columns` cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

type LimitKind = 'packed' | 'unpacked' | 'entries' | 'rows' | 'cell' | 'memory' | 'time';

const LIMIT_TEXTS: Record<LimitKind, Record<Locale, string>> = {
  packed: {
    kz: '.xlsx файлы {mb} МБ-тан үлкен: импорт үшін бұл тым көп',
    ru: 'Файл .xlsx больше {mb} МБ: для импорта это слишком много',
  },
  unpacked: {
    kz: '.xlsx файлы ашылғанда {mb} МБ-тан асады: импорт үшін бұл тым көп. Кітапта тек деректері бар парақты қалдырыңыз',
    ru: 'Файл .xlsx после распаковки больше {mb} МБ: для импорта это слишком много. Оставьте в книге только лист с данными',
  },
  entries: {
    kz: '.xlsx файлында {n} бөліктен көп: бұл импорт кестесі емес',
    ru: 'В файле .xlsx больше {n} частей: это не таблица для импорта',
  },
  rows: {
    kz: 'Кестеде {n} жолдан көп',
    ru: 'В таблице больше {n} строк',
  },
  cell: {
    kz: '{cell} ұяшығында {n} таңбадан көп: импорт кестесінде мұндай мәтін болмайды',
    ru: 'В ячейке {cell} больше {n} символов: в таблице для импорта такого текста не бывает',
  },
  memory: {
    kz: '.xlsx файлы тым күрделі: оны оқуға {mb} МБ-тан көп жад керек',
    ru: 'Файл .xlsx слишком сложный: для чтения нужно больше {mb} МБ памяти',
  },
  time: {
    kz: '.xlsx файлын оқу {s} секундтан асады: ол импорт үшін тым күрделі',
    ru: 'Файл .xlsx читается дольше {s} с: он слишком сложный для импорта',
  },
};

/** 422 naming the limit a spreadsheet passed, at the field that brought it; nothing written. */
export class SheetLimitError extends CatalogueError {
  constructor(
    readonly limit: LimitKind,
    field: string,
    params: Record<string, string | number>,
  ) {
    super(422, 'validation_failed', LIMIT_TEXTS[limit], field, params);
  }
}

export interface ReadSheetOptions {
  /** The request field the file came in (`xlsx`, `fileId`): 422s name it. */
  field: string;
  limits: SheetLimits;
  /** The domain's "cannot read this file" (not a zip, not a workbook, no sheet). */
  unreadable: () => Error;
  /** The domain's "too many rows", if it words it its own way (else the generic one). */
  tooManyRows?: () => Error;
}

const MAX_READERS = 2;
let reading = 0;
const queue: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (reading >= MAX_READERS) await new Promise<void>((resolve) => queue.push(resolve));
  reading += 1;
  return () => {
    reading -= 1;
    queue.shift()?.();
  };
}

/** Collects a stream into one buffer, refusing it once it passes `max` bytes. */
async function collect(stream: Readable, max: number, tooBig: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += b.length;
    if (size > max) {
      stream.destroy();
      throw tooBig();
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

type WorkerAnswer =
  | { ok: true; rows: SheetRow[] }
  | { ok: false; kind: 'unreadable' | LimitKind; params: Record<string, string | number> };

/**
 * The rows with values of the first sheet of an .xlsx — base64 text (a JSON body) or a stream
 * (a file sent to the file service first) — read off the event loop within `limits`.
 */
export async function readSheet(
  source: string | Buffer | Readable,
  opts: ReadSheetOptions,
): Promise<SheetRow[]> {
  const limits = { ...SHEET_DEFAULTS, ...opts.limits };
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const packed = () => new SheetLimitError('packed', opts.field, { mb: mb(limits.maxPackedBytes) });
  let bytes: Buffer;
  if (typeof source === 'string') {
    // base64 is 4/3 of the bytes: a longer text is refused before it is decoded.
    if (source.length > Math.ceil((limits.maxPackedBytes * 4) / 3) + 4) throw packed();
    bytes = Buffer.from(source, 'base64');
  } else if (Buffer.isBuffer(source)) bytes = source;
  else bytes = await collect(source, limits.maxPackedBytes, packed);
  if (bytes.length > limits.maxPackedBytes) throw packed();
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw opts.unreadable();
  const done = await turn();
  let answer: WorkerAnswer;
  try {
    answer = await runWorker(bytes, limits);
  } finally {
    done();
  }
  if (answer.ok) return answer.rows;
  switch (answer.kind) {
    case 'unreadable':
      throw opts.unreadable();
    case 'rows':
      throw opts.tooManyRows?.() ?? new SheetLimitError('rows', opts.field, answer.params);
    case 'unpacked':
      throw new SheetLimitError('unpacked', opts.field, { mb: mb(limits.maxUnpackedBytes) });
    case 'memory':
      throw new SheetLimitError('memory', opts.field, { mb: limits.memoryMb });
    case 'time':
      throw new SheetLimitError('time', opts.field, { s: Math.round(limits.timeoutMs / 1000) });
    default:
      throw new SheetLimitError(answer.kind, opts.field, answer.params);
  }
}

function runWorker(bytes: Buffer, limits: Required<SheetLimits>): Promise<WorkerAnswer> {
  // A copy of its own: the buffer moves to the thread (no second copy there) and a Buffer from
  // the pool would take its neighbours along.
  const own = new Uint8Array(bytes.length);
  own.set(bytes);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
      workerData: {
        bytes: own.buffer,
        limits: {
          maxRows: limits.maxRows,
          columns: limits.columns,
          maxCellChars: limits.maxCellChars,
          maxUnpackedBytes: limits.maxUnpackedBytes,
          maxEntries: limits.maxEntries,
        },
      },
      transferList: [own.buffer],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const finish = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(
      () => finish({ ok: false, kind: 'time', params: {} }),
      limits.timeoutMs,
    );
    worker.once('message', (answer: WorkerAnswer) => finish(answer));
    worker.once('error', (err: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        kind: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable',
        params: {},
      }),
    );
    worker.once('exit', () => finish({ ok: false, kind: 'unreadable', params: {} }));
  });
}
