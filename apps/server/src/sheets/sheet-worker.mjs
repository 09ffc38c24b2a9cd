// Reads the first sheet of an .xlsx on a thread of its own (sheet-reader.ts starts it with a
// memory cap), so a spreadsheet bomb never stalls the server's event loop, and checks each limit
// before the work it bounds grows:
//  1. the zip is walked entry by entry (fflate's streaming Unzip, fed 1 KB at a time, so one
//     step inflates at most about 1 MB): more entries than allowed, a declared size past the
//     budget, or inflated bytes past it stop the walk at once. Only the parts a sheet's rows
//     need are inflated (workbook, its relations, shared strings, styles, the first sheet);
//     pictures, themes and other sheets are skipped unread;
//  2. those parts are zipped again, uncompressed and in the order the streaming reader wants
//     (shared strings before the sheet: no temporary files), so ExcelJS reads exactly the bytes
//     that were counted;
//  3. ExcelJS's streaming reader gives the rows one by one: more rows than allowed, or a cell
//     longer than allowed, stops it there.
// Plain JavaScript so that it loads the same way under node, tsx and vitest (as db/pglite-worker.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { Readable } from 'node:stream';
import { Unzip, UnzipInflate, zipSync } from 'fflate';
import ExcelJS from 'exceljs';

class Limit extends Error {
  constructor(kind, params = {}) {
    super(kind);
    this.kind = kind;
    this.params = params;
  }
}

const PARTS = new Set([
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
]);
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const STEP = 1024;

function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The parts the rows need, inflated within the budget; a Limit thrown as soon as one is passed. */
function unpack(bytes, limits) {
  let total = 0;
  let entries = 0;
  const parts = new Map();
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxEntries) throw new Limit('entries', { n: limits.maxEntries });
    if (!PARTS.has(file.name) && !SHEET.test(file.name)) return; // never started: skipped
    // A declared size past the budget is refused before a byte of it is inflated.
    if (file.originalSize !== undefined && total + file.originalSize > limits.maxUnpackedBytes)
      throw new Limit('unpacked');
    const chunks = [];
    file.ondata = (err, data, final) => {
      if (err) throw err;
      total += data.length;
      if (total > limits.maxUnpackedBytes) throw new Limit('unpacked');
      chunks.push(data);
      if (final) parts.set(file.name, concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length; at += STEP)
    unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
  return parts;
}

const decoder = new TextDecoder();

/** The worksheet part of the workbook's first sheet (its order in workbook.xml), if it is there. */
function firstSheetPath(parts) {
  const sheets = [...parts.keys()].filter((name) => SHEET.test(name));
  const number = (name) => Number(/(\d+)\.xml$/.exec(name)[1]);
  sheets.sort((a, b) => number(a) - number(b));
  const workbook = parts.get('xl/workbook.xml');
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(decoder.decode(workbook));
    if (sheet) {
      for (const rel of decoder.decode(rels).matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
        const id = /\bId="([^"]+)"/.exec(rel[0])?.[1];
        const target = /\bTarget="([^"]+)"/.exec(rel[0])?.[1];
        if (id !== sheet[1] || !target) continue;
        const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
        if (parts.has(path)) return path;
      }
    }
  }
  return sheets[0] ?? null;
}

function cellText(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return String(v.text);
    if ('error' in v) return String(v.error);
    return '';
  }
  return String(v);
}

function column(n) {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26))
    s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

async function readRows(bytes, limits) {
  const parts = unpack(bytes, limits);
  const sheet = firstSheetPath(parts);
  if (!sheet) throw new Limit('unreadable');
  const files = {};
  for (const name of PARTS) if (parts.has(name)) files[name] = parts.get(name);
  files[sheet] = parts.get(sheet);
  const zip = zipSync(files, { level: 0 });
  parts.clear();
  // Fed in slices: the reader parses each slice's XML events in one go, so a slice bounds them.
  const slices = [];
  for (let at = 0; at < zip.length; at += 64 * 1024)
    slices.push(Buffer.from(zip.buffer, zip.byteOffset + at, Math.min(64 * 1024, zip.length - at)));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(slices), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows = [];
  // Rows without values (a formatted but empty range) are skipped, up to a bound of their own.
  let seen = 0;
  const seenMax = limits.maxRows * 4 + 100;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      seen += 1;
      if (seen > seenMax) throw new Limit('rows', { n: limits.maxRows });
      if (!row.hasValues) continue;
      if (rows.length >= limits.maxRows) throw new Limit('rows', { n: limits.maxRows });
      const cells = [];
      for (let c = 1; c <= limits.columns; c += 1) {
        const text = cellText(row.getCell(c).value);
        if (text.length > limits.maxCellChars)
          throw new Limit('cell', { cell: `${column(c)}${row.number}`, n: limits.maxCellChars });
        cells.push(text);
      }
      rows.push({ row: row.number, cells });
    }
    break; // the first sheet only
  }
  return rows;
}

const { bytes, limits } = workerData;
readRows(new Uint8Array(bytes), limits).then(
  (rows) => parentPort.postMessage({ ok: true, rows }),
  (err) =>
    parentPort.postMessage(
      err instanceof Limit
        ? { ok: false, kind: err.kind, params: err.params }
        : { ok: false, kind: 'unreadable', params: {} },
    ),
);
