/** Validating one draft file; shared by the main thread and the worker threads. */
import { readFileSync } from 'node:fs';
import { parseDraft, problemMessage, validateDraft } from '@sabaq/engine';
import { t, type CliLang } from './i18n.js';
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

/** Validates draft JSON text: schema (with migrations and invariants), then publishing rules. */
export function validateText(file: string, text: string, lang: CliLang): FileReport {
  const json = parseJson(text);
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
  return {
    file,
    status: problems.length === 0 ? 'valid' : 'invalid',
    problems,
    ...(parsed.migratedFrom === null ? {} : { migratedFrom: parsed.migratedFrom }),
  };
}

export function validateFile(file: string, lang: CliLang): FileReport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
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
  return validateText(file, text, lang);
}
