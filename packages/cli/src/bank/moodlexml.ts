import { truncate, TRUE_FALSE_LABELS } from './gift.js';
import {
  issue,
  type BankChoiceOption,
  type BankGap,
  type BankIssue,
  type BankOutcome,
  type BankQuestion,
  type BankSource,
  type BankUnsupported,
} from './model.js';
import { htmlToText, normalizeSpace, textToHtml } from './text.js';
import {
  childElements,
  firstChild,
  localName,
  parseXml,
  textContent,
  XmlSyntaxError,
  type XmlElement,
} from './xml.js';

/** Grades Moodle accepts for an answer (question_bank::fraction_options_full), as fractions. */
const GRADES = [
  1, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667,
  0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0,
];
function isAllowedGrade(fraction: number): boolean {
  const a = Math.abs(fraction);
  return GRADES.some((g) => Math.abs(g - a) < 1e-6);
}

/** `<x><text>…</text></x>` → the text, converted to HTML per the element's `format`. */
function richText(el: XmlElement | undefined): string {
  if (el === undefined) return '';
  const t = firstChild(el, 'text');
  const raw = t === undefined ? '' : textContent(t);
  const format = el.attrs['format'] ?? 'html';
  return format === 'plain_text' || format === 'markdown' ? textToHtml(raw) : raw.trim();
}
function plain(el: XmlElement | undefined): string {
  if (el === undefined) return '';
  const t = firstChild(el, 'text');
  return (t === undefined ? textContent(el) : textContent(t)).trim();
}
function nonEmpty(s: string): string | null {
  return htmlToText(s) === '' && !/<img/i.test(s) ? null : s;
}

const CHOICE_CLOZE = new Set([
  'MULTICHOICE',
  'MC',
  'MULTICHOICE_S',
  'MCS',
  'MULTICHOICE_V',
  'MCV',
  'MULTICHOICE_H',
  'MCH',
  'MULTICHOICE_VS',
  'MCVS',
  'MULTICHOICE_HS',
  'MCHS',
]);
const KNOWN_CLOZE = new Set([
  ...CHOICE_CLOZE,
  'MULTIRESPONSE',
  'MR',
  'MULTIRESPONSE_H',
  'MRH',
  'MULTIRESPONSE_S',
  'MRS',
  'MULTIRESPONSE_HS',
  'MRHS',
  'SHORTANSWER',
  'SA',
  'MW',
  'SHORTANSWER_C',
  'SAC',
  'MWC',
  'NUMERICAL',
  'NM',
]);

interface ClozeAnswer {
  text: string;
  fraction: number;
}
interface ClozeSub {
  type: string;
  answers: ClozeAnswer[];
}

/** Splits on a separator not escaped with a backslash. */
function splitUnescaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && i + 1 < s.length) {
      cur += s[i + 1];
      i++;
    } else if (s[i] === sep) {
      out.push(cur);
      cur = '';
    } else cur += s[i];
  }
  out.push(cur);
  return out;
}

/** Parses the `{n:TYPE:answers}` subquestions of a cloze (multianswer) text; returns a reason on failure. */
function parseCloze(text: string): { subs: ClozeSub[]; parts: string[] } | { reason: string } {
  const re = /\{(\d*):([A-Z_]+):((?:\\.|[^}\\])*)\}|\{(\d*):([A-Z_]+)\}/g;
  const subs: ClozeSub[] = [];
  const parts: string[] = [];
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const type = m[2] ?? m[5] ?? '';
    if (!KNOWN_CLOZE.has(type)) continue;
    parts.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const body = m[3] ?? '';
    const answers =
      body.trim() === ''
        ? []
        : splitUnescaped(body, '~').map((a) => {
            const [main = ''] = splitUnescaped(a, '#');
            const w = /^\s*(=|%(-?\d+(?:\.\d+)?)%)?([\s\S]*)$/.exec(main);
            const fraction = w?.[1] === '=' ? 1 : w?.[2] !== undefined ? Number(w[2]) / 100 : 0;
            return { text: (w?.[3] ?? '').trim(), fraction };
          });
    subs.push({ type, answers });
  }
  parts.push(text.slice(last));
  if (subs.length === 0) return { reason: 'noSubquestions' };
  for (const s of subs) {
    const isChoice = CHOICE_CLOZE.has(s.type) || s.type.startsWith('M');
    if (isChoice && s.type !== 'MW' && s.type !== 'MWC' && s.answers.length === 0)
      return { reason: 'noChoices' };
    if (isChoice && s.type !== 'MW' && s.type !== 'MWC' && s.answers.length === 1)
      return { reason: 'oneChoice' };
    if (s.answers.length === 0) return { reason: 'noAnswers' };
    if (!s.answers.some((a) => Math.abs(a.fraction - 1) < 1e-6)) return { reason: 'noFullMark' };
    if (
      (s.type === 'NUMERICAL' || s.type === 'NM') &&
      s.answers.some((a) => a.text !== '*' && !Number.isFinite(Number(a.text.split(':')[0])))
    )
      return { reason: 'notANumber' };
  }
  return { subs, parts };
}

/** Imports a Moodle XML question file. Like Moodle, an invalid question refuses the whole file. */
export function importMoodleXml(
  source: string,
  file: string,
  lang: 'kz' | 'ru' = 'kz',
): BankOutcome {
  let root: XmlElement;
  try {
    root = parseXml(source);
  } catch (e) {
    if (e instanceof XmlSyntaxError)
      return { ok: false, file, errors: [issue('syntax', file, e, { message: e.message })] };
    throw e;
  }
  if (localName(root) !== 'quiz') {
    return {
      ok: false,
      file,
      errors: [
        issue('notABank', file, { line: root.line }, { root: localName(root), expected: 'quiz' }),
      ],
    };
  }
  const questions: BankQuestion[] = [];
  const unsupported: BankUnsupported[] = [];
  const warnings: BankIssue[] = [];
  const errors: BankIssue[] = [];
  let category: string | null = null;
  for (const q of childElements(root, 'question')) {
    const type = q.attrs['type'] ?? '';
    if (type === 'category') {
      category = plain(firstChild(q, 'category')).replace(/^\$[a-z0-9]+\$\/?/, '') || null;
      continue;
    }
    const idnumber = plain(firstChild(q, 'idnumber'));
    const source: BankSource = {
      file,
      line: q.line ?? null,
      itemId: idnumber === '' ? null : idnumber,
    };
    const at = { line: q.line, itemId: source.itemId };
    const stem = richText(firstChild(q, 'questiontext'));
    const title = plain(firstChild(q, 'name')) || truncate(htmlToText(stem));
    const grade = Number(plain(firstChild(q, 'defaultgrade')));
    const base = {
      source,
      title,
      stem,
      category,
      generalFeedback: nonEmpty(richText(firstChild(q, 'generalfeedback'))),
      hints: childElements(q, 'hint')
        .map((h) => richText(h))
        .filter((h) => nonEmpty(h) !== null),
      points: firstChild(q, 'defaultgrade') !== undefined && Number.isFinite(grade) ? grade : null,
    };
    const answers = childElements(q, 'answer');
    const badGrade = answers.find((a) => {
      const f = Number(a.attrs['fraction'] ?? '0') / 100;
      return !Number.isFinite(f) || !isAllowedGrade(f);
    });
    if (
      badGrade !== undefined &&
      ['multichoice', 'truefalse', 'shortanswer', 'numerical'].includes(type)
    ) {
      errors.push(
        issue(
          'invalidGrade',
          file,
          { line: badGrade.line, itemId: source.itemId },
          { grade: badGrade.attrs['fraction'] ?? '', title },
        ),
      );
      continue;
    }
    switch (type) {
      case 'multichoice': {
        const options: BankChoiceOption[] = answers.map((a) => {
          const fraction = Number(a.attrs['fraction'] ?? '0') / 100;
          return {
            id: null,
            html: richText(a),
            correct: fraction > 0,
            fraction,
            feedback: nonEmpty(richText(firstChild(a, 'feedback'))),
          };
        });
        // Moodle reads a missing <single> as true (one right answer).
        const single = plain(firstChild(q, 'single')) || 'true';
        questions.push({
          ...base,
          kind: 'choice',
          multiple: !(single === 'true' || single === '1'),
          options,
        });
        if (!options.some((o) => o.correct))
          warnings.push(issue('noRightAnswer', file, at, { title }));
        break;
      }
      case 'truefalse': {
        const labels = TRUE_FALSE_LABELS[lang];
        const options: BankChoiceOption[] = answers.slice(0, 2).map((a) => {
          const fraction = Number(a.attrs['fraction'] ?? '0') / 100;
          const isTrue = plain(a).toLowerCase() === 'true';
          return {
            id: isTrue ? 'true' : 'false',
            html: isTrue ? labels[0] : labels[1],
            correct: fraction > 0,
            fraction,
            feedback: nonEmpty(richText(firstChild(a, 'feedback'))),
          };
        });
        options.sort((a, b) => (a.id === 'true' ? -1 : b.id === 'true' ? 1 : 0));
        questions.push({ ...base, kind: 'choice', multiple: false, options });
        break;
      }
      case 'matching':
      case 'match': {
        const left: string[] = [];
        const right: string[] = [];
        const links: { left: number; right: number; points: null }[] = [];
        for (const sq of childElements(q, 'subquestion')) {
          const r = textToHtml(plain(firstChild(sq, 'answer')));
          let ri = right.indexOf(r);
          if (ri < 0) ri = right.push(r) - 1;
          const l = richText(sq);
          if (nonEmpty(l) === null) continue; // an empty subquestion is a distractor answer
          links.push({ left: left.push(l) - 1, right: ri, points: null });
        }
        questions.push({ ...base, kind: 'connection', left, right, links });
        break;
      }
      case 'gapselect': {
        const opts = childElements(q, 'selectoption').map((o) => ({
          text: plain(o),
          group: plain(firstChild(o, 'group')) || '1',
        }));
        const gaps: BankGap[] = [];
        let n = 0;
        const text = stem.replace(/\[\[(\d+)\]\]/g, (whole, num: string) => {
          const choice = opts[Number(num) - 1];
          if (choice === undefined) return whole;
          const group = opts.filter((o) => o.group === choice.group);
          gaps.push({
            // Moodle's drop-down choices are plain text.
            options: group.map((o) => normalizeSpace(o.text)),
            right: group.indexOf(choice),
          });
          n += 1;
          return `[[${n}]]`;
        });
        questions.push({ ...base, stem: text, kind: 'select', gaps });
        break;
      }
      case 'multianswer':
      case 'cloze': {
        const parsed = parseCloze(stem);
        if ('reason' in parsed) {
          errors.push(issue('invalidQuestion', file, at, { reason: parsed.reason, title }));
          break;
        }
        if (parsed.subs.every((s) => CHOICE_CLOZE.has(s.type))) {
          // A cloze made only of drop-downs is a text with selects.
          const stemWithGaps = parsed.parts.map((p, i) => (i === 0 ? p : `[[${i}]]${p}`)).join('');
          const gaps = parsed.subs.map((s) => ({
            options: s.answers.map((a) => htmlToText(a.text)),
            right: s.answers.findIndex((a) => Math.abs(a.fraction - 1) < 1e-6),
          }));
          questions.push({ ...base, stem: stemWithGaps, kind: 'select', gaps });
        } else unsupported.push({ source, title, type: 'multianswer' });
        break;
      }
      case 'description':
        questions.push({ ...base, kind: 'description' });
        break;
      default:
        unsupported.push({ source, title, type });
    }
  }
  if (errors.length > 0) return { ok: false, file, errors };
  return { ok: true, bank: { file, format: 'moodle-xml', questions, unsupported, warnings } };
}
