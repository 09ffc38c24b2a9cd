/**
 * A GIFT reader that reads exactly as Moodle does (question/format/gift, qformat_gift and the
 * line splitting of qformat_default). Admins bring banks that Moodle accepted, so Moodle's reading
 * is the specification here, quirks included: the answer block runs from the first `{` to the
 * first `}`, a plain `:` or `{` in the question text is just text, `true` in lower case is a short
 * answer, and only the refusals Moodle makes refuse a file. Each rule has its test in
 * gift-reader.test.ts. The mapping to Sabaq's bank model is gift.ts.
 *
 * Moodle works on PHP strings; the PHP functions it uses (trim, substr, strpos, empty, is_numeric)
 * are reproduced below with their PHP semantics where those differ from JavaScript's.
 */

export type GiftTextFormat = 'moodle' | 'html' | 'plain' | 'markdown';

/** A text with the format Moodle gives it (`[html]…` prefixes, else the question's format). */
export interface GiftText {
  readonly text: string;
  readonly format: GiftTextFormat;
}

export interface GiftAnswer {
  readonly text: GiftText;
  /** Moodle's fraction: 1 for `=`, the `%n%` weight / 100, else 0 (multichoice) or 1 (short). */
  readonly fraction: number;
  readonly feedback: GiftText;
}

export interface GiftNumericalAnswer {
  /** The number as written, or `*` (any answer: Moodle's catch-all for wrong-answer feedback). */
  readonly answer: string;
  readonly tolerance: string;
  readonly fraction: number;
  readonly feedback: GiftText;
}

interface GiftQuestionBase {
  /** 1-based line of the question's first line in the file. */
  readonly line: number;
  readonly name: string;
  /** Moodle 3.6+ reads `// [id:…]` in the question's comment lines as the question's idnumber. */
  readonly idnumber: string | null;
  readonly tags: readonly string[];
  readonly questiontext: GiftText;
  readonly generalfeedback: GiftText;
}

export type GiftQuestion = GiftQuestionBase &
  (
    | { readonly qtype: 'description' }
    | { readonly qtype: 'essay' }
    | {
        readonly qtype: 'multichoice';
        /** Moodle's `single`: the answer block holds an `=` somewhere. */
        readonly single: boolean;
        /** The block stood inside the sentence: Moodle put `_____` in its place. */
        readonly missingWord: boolean;
        readonly answers: readonly GiftAnswer[];
      }
    | {
        readonly qtype: 'match';
        readonly subquestions: readonly { readonly text: GiftText; readonly answer: string }[];
      }
    | {
        readonly qtype: 'truefalse';
        readonly correct: boolean;
        readonly feedbacktrue: GiftText;
        readonly feedbackfalse: GiftText;
      }
    | { readonly qtype: 'shortanswer'; readonly answers: readonly GiftAnswer[] }
    | { readonly qtype: 'numerical'; readonly answers: readonly GiftNumericalAnswer[] }
  );

/** A `$CATEGORY:` line: the questions after it go to that category. */
export interface GiftCategory {
  readonly qtype: 'category';
  readonly line: number;
  readonly category: string;
}

/** Why Moodle refuses a question (its language string names in brackets). */
export const GIFT_REFUSALS = [
  'giftBraces', // braceerror: a `{` without `}` or the reverse
  'oneChoice', // importminerror: a multiple choice needs two answers
  'giftMatchPairs', // importminerror: a matching question needs two pairs
  'giftMatchArrow', // giftmatchingformat: a matching answer without `->`
  'noAnswers', // giftnonumericalanswers / importminerror of a short answer
  'notANumber', // errornotnumbers: a numerical tolerance or range that is not a number
  'giftWeight', // a `%…%` weight PHP cannot read as a number (Moodle fails on it)
] as const;
export type GiftRefusal = (typeof GIFT_REFUSALS)[number];

export interface GiftReadError {
  readonly line: number;
  readonly column: number | null;
  readonly reason: GiftRefusal;
}

export interface GiftReadResult {
  readonly items: readonly (GiftQuestion | GiftCategory)[];
  readonly errors: readonly GiftReadError[];
}

// ---- PHP semantics -------------------------------------------------------------------------

const PHP_TRIM = ' \t\n\r\0\x0B';

/** PHP's trim(): only space, tab, newlines, NUL and vertical tab (not NBSP, unlike JS). */
export function phpTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && PHP_TRIM.includes(s[a]!)) a++;
  while (b > a && PHP_TRIM.includes(s[b - 1]!)) b--;
  return s.slice(a, b);
}

/** PHP's substr() with its negative start and length. */
function substr(s: string, start: number, length?: number): string {
  const n = s.length;
  let from = start < 0 ? Math.max(0, n + start) : start;
  if (from > n) return '';
  let to = length === undefined ? n : length < 0 ? n + length : from + length;
  if (to > n) to = n;
  if (to < from) {
    if (length !== undefined && length < 0) return '';
    to = from;
  }
  from = Math.min(from, n);
  return s.slice(from, to);
}

/** PHP's substr_replace() for the non-negative start Moodle uses. */
function substrReplace(s: string, replacement: string, start: number, length: number): string {
  const n = s.length;
  const end = length < 0 ? Math.max(start, n + length) : Math.min(n, start + length);
  return s.slice(0, start) + replacement + s.slice(end);
}

/** PHP's empty() on a string: '' and '0' are empty. */
function phpEmpty(s: string | undefined): boolean {
  return s === undefined || s === '' || s === '0';
}

const NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
/** PHP 8's is_numeric(). */
export function isNumeric(s: string): boolean {
  return NUMERIC.test(s);
}

/** A string PHP 8 can do arithmetic on; otherwise Moodle stops with a TypeError. */
function phpNumber(s: string): number | null {
  return isNumeric(s) ? Number(s.trim()) : null;
}

// ---- Moodle's escapes ------------------------------------------------------------------------

const ESCAPES: readonly (readonly [string, string, string])[] = [
  ['\\:', '&&058;', ':'],
  ['\\#', '&&035;', '#'],
  ['\\=', '&&061;', '='],
  ['\\{', '&&123;', '{'],
  ['\\}', '&&125;', '}'],
  ['\\~', '&&126;', '~'],
  ['\\n', '&&010', '\n'],
];

/** escapedchar_pre: `\\` becomes `\` and the escaped control characters placeholders. */
function escapePre(s: string): string {
  let out = s.replaceAll('\\\\', '&&092;');
  for (const [escaped, placeholder] of ESCAPES) out = out.replaceAll(escaped, placeholder);
  return out.replaceAll('&&092;', '\\');
}

/** escapedchar_post: the placeholders back to their characters. */
function escapePost(s: string): string {
  let out = s;
  for (const [, placeholder, character] of ESCAPES) out = out.replaceAll(placeholder, character);
  return out;
}

// ---- Moodle's text helpers -------------------------------------------------------------------

const FORMATS: readonly GiftTextFormat[] = ['moodle', 'html', 'plain', 'markdown'];

/** parse_text_with_format: an optional `[format]` prefix, then placeholders back and trimmed. */
function textWithFormat(text: string, defaultFormat: GiftTextFormat = 'moodle'): GiftText {
  let format = defaultFormat;
  let body = text;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    const name = end < 0 ? substr(text, 1, -1) : substr(text, 1, end - 1);
    if ((FORMATS as readonly string[]).includes(name)) {
      format = name as GiftTextFormat;
      body = substr(text, end + 1);
    }
  }
  return { text: phpTrim(escapePost(body)), format };
}

const EMPTY = (format: GiftTextFormat): GiftText => ({ text: '', format });

/** commentparser: answer and its feedback, split at the first `#`. */
function answerAndFeedback(answer: string, format: GiftTextFormat): [GiftText, GiftText] {
  const hash = answer.indexOf('#');
  if (hash < 0) return [textWithFormat(phpTrim(answer), format), EMPTY(format)];
  return [
    textWithFormat(phpTrim(answer.slice(0, hash)), format),
    textWithFormat(phpTrim(answer.slice(hash + 1)), format),
  ];
}

const WEIGHT = /^%-*([0-9]{1,2})\.?([0-9]*)%/;

/** answerweightparser: `%-33.3%rest` → [-0.333, 'rest']; null where PHP could not divide. */
function readWeight(answer: string): [number | null, string] {
  const body = answer.slice(1);
  const end = body.indexOf('%');
  const weight = phpNumber(body.slice(0, end));
  return [weight === null ? null : weight / 100, body.slice(end + 1)];
}

function stripTags(s: string): string {
  return s.replace(/<[^>]*>/g, '');
}

/** clean_question_name: text without tags, trimmed, at most 255 characters. */
function cleanName(name: string): string {
  const text = phpTrim(stripTags(name));
  return text.length > 255 ? shorten(text, 251) : text;
}

/** shorten_text: cut at a word boundary before `ideal` characters and end with `...`. */
function shorten(text: string, ideal: number): string {
  if (text.length <= ideal) return text;
  const cut = text.slice(0, ideal - 3);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** create_default_question_name: the question text shortened to 80 characters. */
function defaultName(questiontext: string): string {
  return cleanName(shorten(stripTags(questiontext), 80));
}

/** Moodle 3.6+: `[id:…]` and `[tag:…]` in a question's comment lines (`\]` escapes `]`). */
function idAndTags(comments: string): { idnumber: string | null; tags: string[] } {
  const unescape = (s: string): string => phpTrim(s.replaceAll('\\]', ']'));
  // eslint-disable-next-line no-control-regex
  const id = /\[id:((?:\\]|[^\]\x00-\x1f\x7f])+)]/.exec(comments);
  const tags: string[] = [];
  // eslint-disable-next-line no-control-regex
  for (const m of comments.matchAll(/\[tag:((?:\\]|[^\]\x00-\x1f\x7f])+)]/g)) {
    const tag = unescape(m[1]!);
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return { idnumber: id === null ? null : unescape(id[1]!), tags };
}

// ---- Reading ---------------------------------------------------------------------------------

interface Block {
  /** The lines trimmed, as Moodle reads them. */
  readonly lines: readonly string[];
  /** The same lines as written, for columns in messages. */
  readonly raw: readonly string[];
  readonly firstLine: number;
}

/** qformat_default::readdata and readquestions: lines, trimmed, blocks split at empty lines. */
function blocks(source: string): Block[] {
  const text = source.replace(/^\uFEFF/, '');
  const firstNl = text.indexOf('\n');
  const first = firstNl < 0 ? text : text.slice(0, firstNl);
  // A file with only old Mac line ends comes as one line: Moodle splits it at \r.
  const lines = first.includes('\r') && firstNl < 0 ? text.split('\r') : text.split('\n');
  const out: Block[] = [];
  let current: string[] = [];
  let written: string[] = [];
  let start = 0;
  lines.forEach((raw, i) => {
    const line = phpTrim(raw);
    if (phpEmpty(line)) {
      if (current.length > 0) out.push({ lines: current, raw: written, firstLine: start });
      current = [];
      written = [];
    } else {
      if (current.length === 0) start = i + 1;
      current.push(line);
      written.push(raw.replace(/\r$/, ''));
    }
  });
  if (current.length > 0) out.push({ lines: current, raw: written, firstLine: start });
  return out;
}

/** Where the lone brace of a braceerror stands in the block, for the message. */
function braceAt(block: Block, brace: '{' | '}'): { line: number; column: number | null } {
  for (const [i, line] of block.raw.entries()) {
    if (phpTrim(line).startsWith('//')) continue;
    // Columns count in the line as written: skip what a backslash escapes, as escapedchar_pre does.
    for (let k = 0; k < line.length; k++) {
      if (line[k] === '\\') k++;
      else if (line[k] === brace) return { line: block.firstLine + i, column: k + 1 };
    }
  }
  return { line: block.firstLine, column: null };
}

type Read = GiftQuestion | GiftCategory | GiftReadError | null;

/** qformat_gift::readquestion for one block. */
function readQuestion(block: Block): Read {
  let comments = '';
  const lines = block.lines.map((line) => {
    if (line.startsWith('//')) {
      comments += `${line}\n`;
      return ' ';
    }
    return line;
  });
  let text = phpTrim(lines.join('\n'));
  if (text === '') return null;
  const refuse = (reason: GiftRefusal, at?: { line: number; column: number | null }) => ({
    line: at?.line ?? block.firstLine,
    column: at?.column ?? null,
    reason,
  });

  text = escapePre(text);
  if (text.startsWith('$CATEGORY:')) {
    // Moodle keeps the placeholders in a category path; a person never wants `&&058;` there.
    return {
      qtype: 'category',
      line: block.firstLine,
      category: escapePost(phpTrim(text.slice(10))),
    };
  }

  let name: string | null = null;
  if (text.startsWith('::')) {
    text = text.slice(2);
    const end = text.indexOf('::');
    if (end >= 0) {
      name = cleanName(escapePost(text.slice(0, end)));
      text = phpTrim(text.slice(end + 2));
    }
  }

  const start = text.indexOf('{');
  const finish = text.indexOf('}');
  let description = false;
  let answertext = '';
  let length = 0;
  if (start < 0 && finish < 0) {
    description = true;
  } else if (start < 0 || finish < 0) {
    return refuse('giftBraces', braceAt(block, start < 0 ? '}' : '{'));
  } else {
    length = finish - start;
    answertext = phpTrim(substr(text, start + 1, length - 1));
  }

  let questiontext: string;
  let missingWord = false;
  if (description) questiontext = text;
  else if (text.endsWith('}')) questiontext = substrReplace(text, '', start, length + 1);
  else {
    questiontext = substrReplace(text, '_____', start, length + 1);
    missingWord = true;
  }

  let generalfeedback = '';
  const gf = answertext.lastIndexOf('####');
  if (gf >= 0) {
    generalfeedback = answertext.slice(gf + 4);
    answertext = phpTrim(answertext.slice(0, gf));
  }

  const qtext = textWithFormat(questiontext);
  const format = qtext.format;
  const base = {
    line: block.firstLine,
    name: name ?? defaultName(qtext.text),
    ...idAndTags(comments),
    questiontext: qtext,
    generalfeedback: textWithFormat(generalfeedback, format),
  };

  if (description) return { ...base, qtype: 'description' };
  if (answertext === '') return { ...base, qtype: 'essay' };
  if (answertext.startsWith('#')) return readNumerical(base, answertext.slice(1), refuse);
  if (answertext.includes('~')) {
    const single = answertext.includes('=');
    const parts = answertext.replaceAll('=', '~=').split('~');
    if (parts.length > 0) parts[0] = phpTrim(parts[0]!);
    if (phpEmpty(parts[0])) parts.shift();
    if (parts.length < 2) return refuse('oneChoice');
    const answers: GiftAnswer[] = [];
    for (const part of parts) {
      let answer = phpTrim(part);
      let fraction = 0;
      if (answer.startsWith('=')) {
        fraction = 1;
        answer = answer.slice(1);
      } else if (WEIGHT.test(answer)) {
        const [weight, rest] = readWeight(answer);
        if (weight === null) return refuse('giftWeight');
        fraction = weight;
        answer = rest;
      }
      const [text, feedback] = answerAndFeedback(answer, format);
      answers.push({ text, fraction, feedback });
    }
    return { ...base, qtype: 'multichoice', single, missingWord, answers };
  }
  if (answertext.includes('=') && answertext.includes('->')) {
    const parts = answertext.split('=');
    if (parts.length > 0) parts[0] = phpTrim(parts[0]!);
    if (phpEmpty(parts[0])) parts.shift();
    if (parts.length < 2) return refuse('giftMatchPairs');
    const subquestions: { text: GiftText; answer: string }[] = [];
    for (const part of parts) {
      const answer = phpTrim(part);
      const arrow = answer.indexOf('->');
      if (arrow < 0) return refuse('giftMatchArrow');
      subquestions.push({
        text: textWithFormat(answer.slice(0, arrow), format),
        answer: phpTrim(escapePost(answer.slice(arrow + 2))),
      });
    }
    return { ...base, qtype: 'match', subquestions };
  }

  const hash = answertext.indexOf('#');
  const tfCheck = hash > 0 ? phpTrim(answertext.slice(0, hash)) : answertext;
  if (['T', 'TRUE', 'F', 'FALSE'].includes(tfCheck)) {
    const bits = splitLimit(answertext, '#', 3);
    const answer = textWithFormat(phpTrim(bits[0]!), format);
    const wrong = bits.length > 1 ? textWithFormat(phpTrim(bits[1]!), format) : EMPTY(format);
    const right = bits.length > 2 ? textWithFormat(phpTrim(bits[2]!), format) : EMPTY(format);
    const correct = answer.text === 'T' || answer.text === 'TRUE';
    return {
      ...base,
      qtype: 'truefalse',
      correct,
      feedbacktrue: correct ? right : wrong,
      feedbackfalse: correct ? wrong : right,
    };
  }

  const parts = answertext.split('=');
  if (parts.length > 0) parts[0] = phpTrim(parts[0]!);
  if (phpEmpty(parts[0])) parts.shift();
  if (parts.length < 1) return refuse('noAnswers');
  const answers: GiftAnswer[] = [];
  for (const part of parts) {
    let answer = phpTrim(part);
    let fraction = 1;
    if (WEIGHT.test(answer)) {
      const [weight, rest] = readWeight(answer);
      if (weight === null) return refuse('giftWeight');
      fraction = weight;
      answer = rest;
    }
    const [text, feedback] = answerAndFeedback(answer, format);
    answers.push({ text, fraction, feedback });
  }
  return { ...base, qtype: 'shortanswer', answers };
}

function readNumerical(
  base: GiftQuestionBase,
  body: string,
  refuse: (reason: GiftRefusal) => GiftReadError,
): GiftQuestion | GiftReadError {
  const format = base.questiontext.format;
  let answertext = body;
  let wrongFeedback = '';
  const tilde = answertext.indexOf('~');
  if (tilde >= 0) {
    wrongFeedback = answertext.slice(tilde);
    answertext = answertext.slice(0, tilde);
  }
  const parts = answertext.split('=');
  if (parts.length > 0) parts[0] = phpTrim(parts[0]!);
  if (phpEmpty(parts[0])) parts.shift();
  if (parts.length === 0) return refuse('noAnswers');
  const answers: GiftNumericalAnswer[] = [];
  for (const part of parts) {
    let answer = phpTrim(part);
    let fraction = 1;
    if (WEIGHT.test(answer)) {
      const [weight, rest] = readWeight(answer);
      if (weight === null) return refuse('giftWeight');
      fraction = weight;
      answer = rest;
    }
    const [text, feedback] = answerAndFeedback(answer, format);
    let value: string;
    let tolerance: string;
    const range = text.text.indexOf('..');
    const colon = text.text.indexOf(':');
    if (range > 0) {
      const min = phpNumber(phpTrim(text.text.slice(0, range)));
      const max = phpNumber(phpTrim(text.text.slice(range + 2)));
      // PHP 8 stops with a TypeError on arithmetic with a non-numeric string.
      if (min === null || max === null) return refuse('notANumber');
      const mid = (max + min) / 2;
      value = String(mid);
      tolerance = String(max - mid);
    } else if (colon > 0) {
      tolerance = phpTrim(text.text.slice(colon + 1));
      value = phpTrim(text.text.slice(0, colon));
    } else {
      tolerance = '0';
      value = phpTrim(text.text);
    }
    // Moodle's check `!(is_numeric($ans) || $ans = '*')` assigns: a non-number becomes `*`, and
    // only a tolerance that is not a number refuses the question.
    if (!isNumeric(value)) value = '*';
    if (!isNumeric(tolerance)) return refuse('notANumber');
    answers.push({ answer: value, tolerance, fraction, feedback });
  }
  if (wrongFeedback !== '') {
    const [, feedback] = answerAndFeedback(wrongFeedback, format);
    answers.push({ answer: '*', tolerance: '', fraction: 0, feedback });
  }
  return { ...base, qtype: 'numerical', answers };
}

/** PHP's explode() with a positive limit. */
function splitLimit(s: string, separator: string, limit: number): string[] {
  const parts = s.split(separator);
  if (parts.length <= limit) return parts;
  return [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(separator)];
}

/**
 * Reads a GIFT file as Moodle does. Moodle stops an import on any refused question
 * (`stoponerror`); callers refuse the file when `errors` is not empty, naming every one.
 */
export function readGift(source: string): GiftReadResult {
  const items: (GiftQuestion | GiftCategory)[] = [];
  const errors: GiftReadError[] = [];
  for (const block of blocks(source)) {
    const read = readQuestion(block);
    if (read === null) continue;
    if ('reason' in read) errors.push(read);
    else items.push(read);
  }
  return { items, errors };
}
