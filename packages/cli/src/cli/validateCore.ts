/** Validating one draft file; shared by the main thread and the worker threads. */
import { readFileSync } from 'node:fs';
import { parseDraft, problemMessage, validateDraft } from '@sabaq/engine';
import { t, type CliLang } from './i18n.js';
import { displayPath } from './io.js';
import { zodText } from './zodText.js';

export interface ReportedProblem {
  readonly path: string;
  readonly code: string;
  readonly params: Readonly<Record<string, string | number | null>>;
  readonly message: string;
}

export interface FileReport {
  readonly file: string;
  /** valid: publishable; invalid: not a draft or has problems; error: could not be read. */
  readonly status: 'valid' | 'invalid' | 'error';
  readonly problems: readonly ReportedProblem[];
  /** Schema version the file was migrated from, when it was older. */
  readonly migratedFrom?: number;
}

/** Line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  return { line, column: offset - last };
}

/** JSON.parse with the error placed at a line and column. */
export function parseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown };
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    if (pos === null) return { ok: false, message: msg };
    const { line, column } = lineColumn(text, Number(pos[1]));
    return {
      ok: false,
      message: `${line}:${column}: ${msg.replace(/ in JSON at position \d+.*$/, '')}`,
    };
  }
}

/**
 * Where one thread's validation time goes (milliseconds), kept only with `SABAQ_TIMING=1`:
 * reading files, JSON.parse, schema (parseDraft: migrations, zod, invariants), publishing rules
 * with their messages, and turning reports into output text.
 */
export interface PhaseTimes {
  files: number;
  read: number;
  json: number;
  schema: number;
  rules: number;
  format: number;
}

export const noTimes = (): PhaseTimes => ({
  files: 0,
  read: 0,
  json: 0,
  schema: 0,
  rules: 0,
  format: 0,
});

/** Validates draft JSON text: schema (with migrations and invariants), then publishing rules. */
export function validateText(
  file: string,
  text: string,
  lang: CliLang,
  times?: PhaseTimes,
): FileReport {
  let at = times === undefined ? 0 : performance.now();
  const lap = (phase: 'json' | 'schema' | 'rules'): void => {
    if (times === undefined) return;
    const now = performance.now();
    times[phase] += now - at;
    at = now;
  };
  const json = parseJson(text);
  lap('json');
  if (!json.ok) {
    return {
      file,
      status: 'invalid',
      problems: [
        {
          path: '',
          code: 'json',
          params: {},
          message: t(lang, 'err.json', { detail: json.message }),
        },
      ],
    };
  }
  const parsed = parseDraft(json.value);
  lap('schema');
  if (!parsed.ok) {
    return {
      file,
      status: 'invalid',
      problems: parsed.issues.map((i) => ({
        path: i.path,
        code: 'schema',
        params: {},
        message: t(lang, 'err.schema', { detail: zodText(lang, i.message) }),
      })),
    };
  }
  const problems = validateDraft(parsed.draft).map((p) => ({
    path: p.path,
    code: p.code,
    params: p.params,
    message: problemMessage(p, lang),
  }));
  lap('rules');
  return {
    file,
    status: problems.length === 0 ? 'valid' : 'invalid',
    problems,
    ...(parsed.migratedFrom === null ? {} : { migratedFrom: parsed.migratedFrom }),
  };
}

export function validateFile(file: string, lang: CliLang, times?: PhaseTimes): FileReport {
  let text: string;
  const at = times === undefined ? 0 : performance.now();
  try {
    text = readFileSync(file, 'utf8');
    if (times !== undefined) times.read += performance.now() - at;
  } catch (e) {
    return {
      file,
      status: 'error',
      problems: [
        {
          path: '',
          code: 'io',
          params: {},
          message: t(lang, 'err.read', {
            detail: (e as NodeJS.ErrnoException).code ?? (e as Error).message,
          }),
        },
      ],
    };
  }
  return validateText(file, text, lang, times);
}

/** How `validate` prints its reports: a JSON document, or `file: path: message` lines. */
export type ReportFormat = 'json' | 'text';

/**
 * A run of consecutive files validated and already turned into output text, so a worker thread
 * hands back a few strings instead of thousands of report objects for the main thread to copy
 * and format. Concatenating the chunks in input order gives exactly the one-thread output.
 */
export interface ChunkOutput {
  readonly valid: number;
  readonly invalid: number;
  readonly error: number;
  /**
   * JSON: the `files` entries, each indented as it sits in the document, joined with ",\n".
   * Text: the problem lines joined with "\n". Empty when there is nothing to print.
   */
  readonly out: string;
  /** Text only: read errors for stderr, one line each with its newline. */
  readonly err: string;
}

export interface ChunkOptions {
  readonly lang: CliLang;
  readonly format: ReportFormat;
  /** Paths are shown relative to this directory when inside it. */
  readonly cwd: string;
  readonly times?: PhaseTimes;
  /** Called after each file with how many of the chunk are done. */
  readonly onFile?: (done: number) => void;
}

const INDENT_ENTRY = '\n    ';

/** Validates files in order and formats their reports. */
export function validateChunk(files: readonly string[], o: ChunkOptions): ChunkOutput {
  const count = { valid: 0, invalid: 0, error: 0 };
  const out: string[] = [];
  let err = '';
  const { times } = o;
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as string;
    const r = validateFile(file, o.lang, times);
    const at = times === undefined ? 0 : performance.now();
    count[r.status] += 1;
    const shown = displayPath(file, o.cwd);
    if (o.format === 'json') {
      // JSON.stringify indents a nested value by its depth and escapes every newline inside
      // strings, so indenting each line of the entry gives the bytes of the whole document.
      out.push(
        `    ${JSON.stringify({ ...r, file: shown }, null, 2).replaceAll('\n', INDENT_ENTRY)}`,
      );
    } else if (r.status === 'error') {
      err += `${shown}: ${r.problems.map((p) => p.message).join('; ')}\n`;
    } else {
      for (const p of r.problems)
        out.push(`${shown}: ${p.path === '' ? '—' : p.path}: ${p.message}`);
    }
    if (times !== undefined) {
      times.format += performance.now() - at;
      times.files += 1;
    }
    o.onFile?.(i + 1);
  }
  return { ...count, out: out.join(o.format === 'json' ? ',\n' : '\n'), err };
}

/** The files chunk `id` covers when the list is cut into chunks of `chunkSize`. */
export function chunkFiles(files: readonly string[], chunkSize: number, id: number): string[] {
  return files.slice(id * chunkSize, (id + 1) * chunkSize);
}

export interface ValidateSummary {
  readonly files: number;
  readonly valid: number;
  readonly invalid: number;
  readonly error: number;
  readonly elapsedMs: number;
}

/** The `--json` document from chunk outputs in input order: `{ files, summary }`, 2-space indent. */
export function jsonDocument(chunks: readonly ChunkOutput[], summary: ValidateSummary): string {
  const entries = chunks.map((c) => c.out).filter((s) => s !== '');
  const files = entries.length === 0 ? '[]' : `[\n${entries.join(',\n')}\n  ]`;
  const sum = JSON.stringify(summary, null, 2).replaceAll('\n', '\n  ');
  return `{\n  "files": ${files},\n  "summary": ${sum}\n}\n`;
}
