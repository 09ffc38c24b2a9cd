/** Reading one input file of `sabaq import` into drafts, whatever its format. */
import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { parseDraft, type Draft, type DraftType, type Lang } from '@sabaq/engine';
import { importGift } from '../bank/gift.js';
import type { BankFormat, BankIssue, BankUnsupported } from '../bank/model.js';
import { importMoodleXml } from '../bank/moodlexml.js';
import { importQti, manifestItems } from '../bank/qti.js';
import { parseXml } from '../bank/xml.js';
import { bankToDraft } from '../draft/fromBank.js';
import { parseJson } from './validateCore.js';
import { zodText } from './zodText.js';

import type { FromFormat } from './formats.js';
export { FROM_FORMATS, type FromFormat } from './formats.js';
export type InputFormat = BankFormat | 'json';

const EXT: Record<string, InputFormat | 'xml'> = {
  '.gift': 'gift',
  '.txt': 'gift',
  '.json': 'json',
  '.zip': 'qti',
  '.xml': 'xml',
};

/** Whether a file found in a directory walk may be an input of the given format. */
export function acceptsFile(file: string, from: FromFormat): boolean {
  const kind = EXT[extname(file).toLowerCase()];
  if (kind === undefined) return false;
  if (from === 'auto') return true;
  if (from === 'moodle-xml') return kind === 'xml';
  if (from === 'qti') return kind === 'xml' || kind === 'qti';
  return kind === from;
}

/** Picks the format from the extension, and for XML from the root element. */
export function detectFormat(file: string, bytes: Uint8Array): InputFormat | null {
  const kind = EXT[extname(file).toLowerCase()];
  if (kind === 'xml') {
    const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
    const root =
      /<(?!\?|!)([A-Za-z][\w.:-]*)/.exec(head.replace(/<!--[\s\S]*?-->/g, ''))?.[1] ?? '';
    if (root === 'quiz') return 'moodle-xml';
    if (/^(assessmentItem|qti-assessment-item|manifest)$/.test(root.replace(/^\w+:/, '')))
      return 'qti';
    return null;
  }
  if (kind === 'qti') return bytes[0] === 0x50 && bytes[1] === 0x4b ? 'qti' : null;
  return kind ?? null;
}

/** Item files a manifest in the input list already covers (they are not imported twice). */
export function coveredByManifests(files: readonly string[]): Set<string> {
  const covered = new Set<string>();
  for (const f of files) {
    if (!/(^|[\\/])imsmanifest\.xml$/.test(f)) continue;
    try {
      for (const href of manifestItems(parseXml(readFileSync(f, 'utf8'))))
        covered.add(resolve(dirname(f), decodeURIComponent(href)));
    } catch {
      // a broken manifest is reported when it is imported
    }
  }
  return covered;
}

export interface FileImport {
  readonly file: string;
  readonly format: InputFormat | null;
  readonly drafts: readonly Draft[];
  readonly questions: number;
  readonly unsupported: readonly BankUnsupported[];
  readonly warnings: readonly BankIssue[];
  /** Non-empty when the file is refused. */
  readonly errors: readonly BankIssue[];
}

export interface ImportSettings {
  readonly from: FromFormat;
  readonly lang: Lang;
  readonly type: DraftType;
  /** How a file is named in messages and drafts. */
  readonly display: (file: string) => string;
}

const refused = (file: string, format: InputFormat | null, errors: BankIssue[]): FileImport => ({
  file,
  format,
  drafts: [],
  questions: 0,
  unsupported: [],
  warnings: [],
  errors,
});

const fileIssue = (
  code: BankIssue['code'],
  file: string,
  params: Record<string, string | number>,
  at: { line?: number; column?: number } = {},
): BankIssue => ({
  code,
  file,
  line: at.line ?? null,
  column: at.column ?? null,
  itemId: null,
  params,
});

export function importFile(path: string, s: ImportSettings): FileImport {
  const name = s.display(path);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    return refused(name, null, [
      fileIssue('missingFile', name, { path: (e as NodeJS.ErrnoException).code ?? name }),
    ]);
  }
  if (Buffer.from(bytes).toString('utf8').trim() === '')
    return refused(name, null, [fileIssue('emptyBank', name, {})]);
  const format = s.from === 'auto' ? detectFormat(path, bytes) : s.from;
  if (format === null)
    return refused(name, null, [
      fileIssue('notABank', name, {
        root: extname(path) || '?',
        expected: 'gift | quiz | assessmentItem | manifest',
      }),
    ]);
  const text = (): string => Buffer.from(bytes).toString('utf8');
  if (format === 'json') {
    const json = parseJson(text());
    if (!json.ok) {
      const pos = /^(\d+):(\d+): (.*)$/.exec(json.message);
      return refused(name, format, [
        fileIssue(
          'syntax',
          name,
          { message: pos?.[3] ?? json.message },
          pos ? { line: Number(pos[1]), column: Number(pos[2]) } : {},
        ),
      ]);
    }
    const items = Array.isArray(json.value) ? json.value : [json.value];
    const drafts: Draft[] = [];
    const errors: BankIssue[] = [];
    items.forEach((item, i) => {
      const parsed = parseDraft(item);
      if (parsed.ok) drafts.push(parsed.draft);
      else
        errors.push(
          ...parsed.issues.slice(0, 5).map((x) =>
            fileIssue('invalidDraft', name, {
              title: Array.isArray(json.value) ? `#${i + 1}` : name,
              reason: `${x.path}: ${zodText(s.lang, x.message)}`,
            }),
          ),
        );
    });
    if (errors.length > 0) return refused(name, format, errors);
    return {
      file: name,
      format,
      drafts,
      questions: drafts.length,
      unsupported: [],
      warnings: [],
      errors: [],
    };
  }
  const outcome =
    format === 'gift'
      ? importGift(text(), name, s.lang)
      : format === 'moodle-xml'
        ? importMoodleXml(text(), name, s.lang)
        : importQti(extname(path).toLowerCase() === '.zip' ? bytes : text(), name, (rel) => {
            try {
              return readFileSync(resolve(dirname(path), decodeURIComponent(rel)));
            } catch {
              return undefined;
            }
          });
  if (!outcome.ok) return refused(name, format, [...outcome.errors]);
  const { bank } = outcome;
  // A well-formed file without a single question is almost always the wrong file.
  if (bank.questions.length + bank.unsupported.length === 0)
    return refused(name, format, [fileIssue('emptyBank', name, {})]);
  const drafts =
    bank.questions.length === 0 ? [] : [bankToDraft(bank, { lang: s.lang, type: s.type })];
  return {
    file: name,
    format,
    drafts,
    questions: bank.questions.length,
    unsupported: bank.unsupported,
    warnings: bank.warnings,
    errors: [],
  };
}
