import { parse as pegParse, type GIFTQuestion, type TextFormat } from 'gift-pegjs';
import {
  issue,
  type BankChoiceOption,
  type BankIssue,
  type BankOutcome,
  type BankQuestion,
  type BankSource,
  type BankUnsupported,
} from './model.js';
import { escapeHtml, htmlToText, textToHtml } from './text.js';

/** A parsed GIFT question with the line its block starts on. */
export interface GiftAstQuestion {
  readonly line: number;
  readonly question: GIFTQuestion;
}

export interface GiftSyntaxError {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  readonly expected: string;
  readonly found: string | null;
}

export type GiftAstResult =
  | { readonly ok: true; readonly questions: readonly GiftAstQuestion[] }
  | { readonly ok: false; readonly errors: readonly GiftSyntaxError[] };

interface Block {
  readonly text: string;
  readonly offset: number;
  readonly line: number;
}

/**
 * GIFT separates questions with blank lines. Parsing block by block lets us give each question
 * its line, report every broken block (not only the first) and keep going past a broken one.
 */
function blocks(source: string): Block[] {
  const out: Block[] = [];
  const lines = source.split('\n');
  let offset = 0;
  let start: { offset: number; line: number } | null = null;
  let end = 0;
  lines.forEach((l, i) => {
    const blank = l.trim() === '';
    if (!blank && start === null) start = { offset, line: i + 1 };
    if (!blank) end = offset + l.length;
    if (blank && start !== null) {
      out.push({ text: source.slice(start.offset, end), ...start });
      start = null;
    }
    offset += l.length + 1;
  });
  if (start !== null) {
    const s: { offset: number; line: number } = start;
    out.push({ text: source.slice(s.offset, end), ...s });
  }
  return out;
}

interface PegError {
  location: { start: { line: number; column: number; offset: number } };
  expected: { type: string; text?: string; description?: string }[] | null;
  found: string | null;
}

function isPegError(e: unknown): e is PegError {
  return typeof e === 'object' && e !== null && 'location' in e && 'found' in e;
}

function describeExpected(e: PegError): string {
  const parts = (e.expected ?? [])
    .map((x) => (x.type === 'literal' ? JSON.stringify(x.text) : (x.description ?? x.type)))
    .filter((x, i, a) => a.indexOf(x) === i);
  return parts.join(', ');
}

/** Parses GIFT into gift-pegjs questions (the AST the public GIFT tools agree on). */
export function parseGiftAst(source: string): GiftAstResult {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const questions: GiftAstQuestion[] = [];
  const errors: GiftSyntaxError[] = [];
  for (const b of blocks(text)) {
    // A block of comments only holds no question (gift-pegjs wants a question after comments).
    if (b.text.split('\n').every((l) => l.trimStart().startsWith('//'))) continue;
    try {
      for (const q of pegParse(b.text)) questions.push({ line: b.line, question: q });
    } catch (e) {
      if (!isPegError(e)) throw e;
      const s = e.location.start;
      if (numericalFallback(b.text) !== null) {
        // Moodle accepts numerical answers gift-pegjs does not (e.g. `{#3:2~#Wrong}` in Moodle's own
        // fixture). Sabaq has no numerical module, so the question is reported as unsupported
        // rather than as a syntax error that would refuse the whole file.
        questions.push({ line: b.line, question: numericalFallback(b.text) as GIFTQuestion });
        continue;
      }
      errors.push({
        line: s.line + b.line - 1,
        column: s.column,
        offset: s.offset + b.offset,
        expected: describeExpected(e),
        found: e.found,
      });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, questions };
}

function numericalFallback(block: string): GIFTQuestion | null {
  const code = block
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('//'))
    .join('\n');
  const m = /^\s*(?:::((?:\\.|[^:\\])*)::)?([\s\S]*?)\{#([\s\S]*)\}/.exec(code);
  if (m === null) return null;
  return {
    type: 'Numerical',
    title: m[1] ?? null,
    stem: { format: 'moodle', text: (m[2] ?? '').trim() },
    hasEmbeddedAnswers: false,
    globalFeedback: null,
    choices: [],
  } as unknown as GIFTQuestion;
}

function html(t: TextFormat | null | undefined): string {
  if (t === null || t === undefined) return '';
  // Moodle's "auto format" (the GIFT default) lets authors write HTML directly; plain and
  // markdown are shown as text.
  return t.format === 'html' || t.format === 'moodle' ? t.text : textToHtml(t.text);
}

function maybeHtml(t: TextFormat | null | undefined): string | null {
  const h = html(t);
  return h.trim() === '' ? null : h;
}

const UNSUPPORTED_TYPE: Record<string, string> = {
  Short: 'shortanswer',
  Numerical: 'numerical',
  Essay: 'essay',
};

/** Labels for true/false options; GIFT has no option text for them. */
export const TRUE_FALSE_LABELS = {
  kz: ['Дұрыс', 'Бұрыс'],
  ru: ['Верно', 'Неверно'],
} as const;

/** Imports a GIFT file into the neutral model. Syntax errors refuse the file, with line and column. */
export function importGift(source: string, file: string, lang: 'kz' | 'ru' = 'kz'): BankOutcome {
  const ast = parseGiftAst(source);
  if (!ast.ok) {
    return {
      ok: false,
      file,
      errors: ast.errors.map((e) =>
        issue('syntax', file, e, { expected: e.expected, found: e.found ?? 'EOF' }),
      ),
    };
  }
  const questions: BankQuestion[] = [];
  const unsupported: BankUnsupported[] = [];
  const warnings: BankIssue[] = [];
  let category: string | null = null;
  for (const { line, question: q } of ast.questions) {
    if (q.type === 'Category') {
      category = q.title === null ? null : decodeEscapes(q.title);
      continue;
    }
    const source: BankSource = { file, line, itemId: q.id ?? null };
    const stem = html(q.stem);
    const title = q.title ?? truncate(htmlToText(stem));
    const base = {
      source,
      title,
      stem,
      category,
      generalFeedback: 'globalFeedback' in q ? maybeHtml(q.globalFeedback) : null,
      hints: [],
      points: null,
    };
    switch (q.type) {
      case 'Description':
        questions.push({ ...base, kind: 'description' });
        break;
      case 'TF': {
        const [yes, no] = TRUE_FALSE_LABELS[lang];
        const tf = q as unknown as {
          isTrue: boolean;
          trueFeedback: TextFormat | null;
          falseFeedback: TextFormat | null;
        };
        // GIFT `{T#wrong#right}`: the first feedback is for a wrong answer, the second for a right one.
        const wrong = maybeHtml(tf.trueFeedback);
        const right = maybeHtml(tf.falseFeedback);
        questions.push({
          ...base,
          kind: 'choice',
          multiple: false,
          options: [
            {
              id: 'true',
              html: yes,
              correct: tf.isTrue,
              fraction: tf.isTrue ? 1 : 0,
              feedback: tf.isTrue ? right : wrong,
            },
            {
              id: 'false',
              html: no,
              correct: !tf.isTrue,
              fraction: tf.isTrue ? 0 : 1,
              feedback: tf.isTrue ? wrong : right,
            },
          ],
        });
        break;
      }
      case 'MC': {
        const options: BankChoiceOption[] = q.choices.map((c) => ({
          id: null,
          html: html(c.text),
          correct: c.isCorrect || (c.weight ?? 0) > 0,
          fraction: c.weight === null ? (c.isCorrect ? 1 : 0) : c.weight / 100,
          feedback: maybeHtml(c.feedback),
        }));
        const nRight = options.filter((o) => o.correct).length;
        // As Moodle reads GIFT: a `=` answer makes a single-answer question, only `~` answers (with
        // weights) a multiple-answer one. Several `=` answers (any of them accepted in Moodle)
        // cannot be a Sabaq single choice, so they become a multiple choice.
        const multiple = !q.choices.some((c) => c.isCorrect) || nRight > 1;
        if (q.hasEmbeddedAnswers && !multiple) {
          // An answer block inside the sentence is a drop-down in the text: a select.
          questions.push({
            ...base,
            stem: stem.replace('_____', '[[1]]'),
            kind: 'select',
            gaps: [
              {
                options: options.map((o) => htmlToText(o.html)),
                right: nRight === 1 ? options.findIndex((o) => o.correct) : null,
              },
            ],
          });
        } else {
          questions.push({ ...base, kind: 'choice', multiple, options });
        }
        if (nRight === 0)
          warnings.push(issue('noRightAnswer', file, { line, itemId: q.id ?? null }, { title }));
        break;
      }
      case 'Matching': {
        const left: string[] = [];
        const right: string[] = [];
        const links: { left: number; right: number; points: null }[] = [];
        for (const p of q.matchPairs) {
          const r = escapeHtml(decodeEscapes(p.subanswer));
          let ri = right.indexOf(r);
          if (ri < 0) ri = right.push(r) - 1;
          // An empty left side is Moodle's way to add a distractor on the right.
          if (p.subquestion.text.trim() === '') continue;
          const li = left.push(html(p.subquestion)) - 1;
          links.push({ left: li, right: ri, points: null });
        }
        questions.push({ ...base, kind: 'connection', left, right, links });
        break;
      }
      default:
        unsupported.push({ source, title, type: UNSUPPORTED_TYPE[q.type] ?? q.type });
    }
  }
  return { ok: true, bank: { file, format: 'gift', questions, unsupported, warnings } };
}

/**
 * gift-pegjs leaves its internal escape tokens (`&&035;` for `\#`, …) in plain-text fields
 * such as matching sub-answers; this finishes the decoding it does for rich text.
 */
function decodeEscapes(s: string): string {
  const map: Record<string, string> = {
    '092': '\\',
    '058': ':',
    '035': '#',
    '061': '=',
    '123': '{',
    '125': '}',
    '126': '~',
  };
  return s
    .replace(/&&(092|058|035|061|123|125|126);/g, (_, c: string) => map[c] ?? '')
    .replace(/&&010/g, '\n');
}

export function truncate(s: string, max = 80): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}
