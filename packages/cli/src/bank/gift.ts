import {
  issue,
  type BankChoiceOption,
  type BankIssue,
  type BankOutcome,
  type BankQuestion,
  type BankSource,
  type BankUnsupported,
} from './model.js';
import { readGift, type GiftText } from './gift-reader.js';
import { escapeHtml, htmlToText, textToHtml } from './text.js';

function html(t: GiftText | null | undefined): string {
  if (t === null || t === undefined) return '';
  // Moodle's "auto format" (the GIFT default) lets authors write HTML directly; plain and
  // markdown are shown as text.
  return t.format === 'html' || t.format === 'moodle' ? t.text : textToHtml(t.text);
}

function maybeHtml(t: GiftText | null | undefined): string | null {
  const h = html(t);
  return h.trim() === '' ? null : h;
}

/** Labels for true/false options; GIFT has no option text for them. */
export const TRUE_FALSE_LABELS = {
  kz: ['Дұрыс', 'Бұрыс'],
  ru: ['Верно', 'Неверно'],
} as const;

/**
 * Imports a GIFT file into the neutral model, reading it exactly as Moodle does (gift-reader.ts).
 * A question Moodle refuses refuses the file, every one named with its line.
 */
export function importGift(source: string, file: string, lang: 'kz' | 'ru' = 'kz'): BankOutcome {
  const read = readGift(source);
  if (read.errors.length > 0) {
    return {
      ok: false,
      file,
      errors: read.errors.map((e) =>
        issue('giftRefused', file, { line: e.line, column: e.column }, { reason: e.reason }),
      ),
    };
  }
  const questions: BankQuestion[] = [];
  const unsupported: BankUnsupported[] = [];
  const warnings: BankIssue[] = [];
  let category: string | null = null;
  for (const q of read.items) {
    if (q.qtype === 'category') {
      category = q.category;
      continue;
    }
    const line = q.line;
    const source: BankSource = { file, line, itemId: q.idnumber };
    const stem = html(q.questiontext);
    const title = q.name;
    const base = {
      source,
      title,
      stem,
      category,
      generalFeedback: maybeHtml(q.generalfeedback),
      hints: [],
      points: null,
    };
    switch (q.qtype) {
      case 'description':
        questions.push({ ...base, kind: 'description' });
        break;
      case 'truefalse': {
        const [yes, no] = TRUE_FALSE_LABELS[lang];
        questions.push({
          ...base,
          kind: 'choice',
          multiple: false,
          options: [
            {
              id: 'true',
              html: yes,
              correct: q.correct,
              fraction: q.correct ? 1 : 0,
              feedback: maybeHtml(q.feedbacktrue),
            },
            {
              id: 'false',
              html: no,
              correct: !q.correct,
              fraction: q.correct ? 0 : 1,
              feedback: maybeHtml(q.feedbackfalse),
            },
          ],
        });
        break;
      }
      case 'multichoice': {
        const options: BankChoiceOption[] = q.answers.map((a) => ({
          id: null,
          html: html(a.text),
          correct: a.fraction > 0,
          fraction: a.fraction,
          feedback: maybeHtml(a.feedback),
        }));
        const nRight = options.filter((o) => o.correct).length;
        // Moodle makes a single-answer question when the block holds an `=`. Several right
        // answers (any of them accepted in Moodle) cannot be a Sabaq single choice, so they
        // become a multiple choice.
        const multiple = !q.single || nRight > 1;
        if (q.missingWord && !multiple) {
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
          warnings.push(issue('noRightAnswer', file, { line, itemId: q.idnumber }, { title }));
        break;
      }
      case 'match': {
        const left: string[] = [];
        const right: string[] = [];
        const links: { left: number; right: number; points: null }[] = [];
        for (const pair of q.subquestions) {
          const r = escapeHtml(pair.answer);
          let ri = right.indexOf(r);
          if (ri < 0) ri = right.push(r) - 1;
          // An empty left side is Moodle's way to add a distractor on the right.
          if (pair.text.text === '') continue;
          const li = left.push(html(pair.text)) - 1;
          links.push({ left: li, right: ri, points: null });
        }
        questions.push({ ...base, kind: 'connection', left, right, links });
        break;
      }
      case 'essay':
      case 'shortanswer':
      case 'numerical':
        unsupported.push({ source, title, type: q.qtype });
        break;
      default: {
        const never: never = q;
        throw new Error(`unknown GIFT question ${String(never)}`);
      }
    }
  }
  return { ok: true, bank: { file, format: 'gift', questions, unsupported, warnings } };
}

export function truncate(s: string, max = 80): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}
