/**
 * Writers from the neutral model back to GIFT, Moodle XML and QTI 2.1 content packages. What a
 * format cannot hold is returned as losses, never dropped silently.
 */
import { strToU8, zipSync } from 'fflate';
import type { BankChoice, BankConnection, BankQuestion, BankSelect } from './model.js';
import { escapeHtml, hasMarkup, htmlToText } from './text.js';

/** Something of the source the target format cannot hold. */
export interface Loss {
  /** Where: module title or draft field. */
  readonly where: string;
  /** What is lost, as a message code (see i18n `loss.*`). */
  readonly what: string;
}

export interface BankBundle {
  readonly title: string;
  readonly questions: readonly BankQuestion[];
}

// ------------------------------------------------------------------------------------------- GIFT

/** Escapes GIFT's control characters; a backslash itself is written doubled. */
export function giftEscape(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/([~=#{}:])/g, '\\$1')
    .replace(/\r?\n/g, ' ');
}

/**
 * An HTML fragment as HTML-escaped text (markup dropped), for answers read as auto-format HTML.
 * GIFT cannot escape a leading `%` (a weight) or `[` (a format tag): they are written as
 * character references, which Moodle and our importer read back as the characters.
 */
function asText(html: string): string {
  return leadSafe(escapeHtml(htmlToText(html)));
}
function leadSafe(s: string): string {
  return s.replace(/^%/, '&#37;').replace(/^\[/, '&#91;');
}

function giftText(html: string): string {
  // GIFT text without a format tag is Moodle's auto format, which is read as HTML: text without
  // markup is written as it is (entities and all).
  return hasMarkup(html) ? `[html]${giftEscape(html)}` : giftEscape(leadSafe(html));
}

function giftFeedback(q: BankQuestion): string {
  const parts = [q.generalFeedback, ...q.hints].filter(
    (x): x is string => x !== null && x.trim() !== '',
  );
  return parts.length === 0 ? '' : `####${giftEscape(parts.join('<br/>'))}`;
}

/** Weights that add up to 100% for the right options (Moodle accepts 100/n for n ≤ 10 as written). */
function percent(n: number): string {
  const v = 100 / n;
  return Number.isInteger(v) ? String(v) : v.toFixed(5);
}

function giftAnswers(q: BankChoice): string {
  const nRight = q.options.filter((o) => o.correct).length;
  if (!q.multiple) {
    return q.options.map((o) => `${o.correct ? '=' : '~'}${giftEscape(asText(o.html))}`).join(' ');
  }
  return q.options
    .map(
      (o) => `~%${o.correct ? percent(Math.max(1, nRight)) : '-100'}%${giftEscape(asText(o.html))}`,
    )
    .join(' ');
}

const GAP = /\[\[(\d+)\]\]/g;

/** A select's text with its gap: as it is when it has one, else the gap ends the last paragraph. */
function withGapAtEnd(stem: string): string {
  if (/\[\[\d+\]\]/.test(stem)) return stem;
  return /<\/p>\s*$/.test(stem) ? stem.replace(/<\/p>\s*$/, ' [[1]]</p>') : `${stem} [[1]]`;
}

export function toGift(bundle: BankBundle, losses: Loss[]): string {
  const out: string[] = [`// ${giftEscape(bundle.title)}`, ''];
  let category: string | null = null;
  for (const q of bundle.questions) {
    if (q.category !== null && q.category !== category) {
      category = q.category;
      out.push(`$CATEGORY: ${category.replace(/\r?\n/g, ' ')}`, '');
    }
    const title = `::${giftEscape(q.title)}::`;
    if (q.points !== null) losses.push({ where: q.title, what: 'points' });
    switch (q.kind) {
      case 'description':
        out.push(`${title}${giftText(q.stem)}`);
        break;
      case 'choice':
        out.push(`${title}${giftText(q.stem)} {${giftAnswers(q)}${giftFeedback(q)}}`);
        break;
      case 'select': {
        // GIFT embeds one answer block in the sentence; further gaps become separate questions.
        q.gaps.forEach((gap, i) => {
          const block = `{${gap.options.map((o, j) => `${j === gap.right ? '=' : '~'}${giftEscape(leadSafe(escapeHtml(o)))}`).join(' ')}${giftFeedback(q)}}`;
          const parts = q.stem.split(GAP);
          let before = '';
          let after = '';
          let seen = false;
          for (let k = 0; k < parts.length; k++) {
            const piece = parts[k] ?? '';
            if (k % 2 === 1) {
              if (Number(piece) === i + 1) seen = true;
              else if (seen) after += ' ___ ';
              else before += ' ___ ';
            } else if (seen) after += piece;
            else before += piece;
          }
          const name = q.gaps.length > 1 ? `::${giftEscape(`${q.title} (${i + 1})`)}::` : title;
          // One text with a marker where the block goes, so a format tag is written once.
          const marked = giftText(`${before.trim()}\u0000${seen ? after.trim() : ''}`);
          out.push(`${name}${marked.replace('\u0000', ` ${block} `).trimEnd()}`);
          // GIFT reads a block with no text after it as a multiple-choice question.
          if (!seen || after.trim() === '') losses.push({ where: q.title, what: 'selectAsChoice' });
          if (gap.right === null) losses.push({ where: q.title, what: 'noRightAnswer' });
        });
        break;
      }
      case 'connection': {
        const pairs: string[] = [];
        const linkedRight = new Set<number>();
        q.left.forEach((l, li) => {
          const links = q.links.filter((k) => k.left === li);
          if (links.length !== 1)
            losses.push({
              where: q.title,
              what: links.length === 0 ? 'unlinkedLeft' : 'manyLinks',
            });
          const first = links[0];
          if (first === undefined) return;
          linkedRight.add(first.right);
          pairs.push(
            `=${giftEscape(asText(l))} -> ${giftEscape(htmlToText(q.right[first.right] ?? ''))}`,
          );
        });
        q.right.forEach((r, ri) => {
          if (!linkedRight.has(ri) && !q.links.some((k) => k.right === ri))
            pairs.push(`= -> ${giftEscape(htmlToText(r))}`);
        });
        out.push(
          `${title}${giftText(q.stem)} {\n${pairs.map((p) => `  ${p}`).join('\n')}\n${giftFeedback(q) === '' ? '' : `  ${giftFeedback(q)}\n`}}`,
        );
        break;
      }
    }
    out.push('');
  }
  return out.join('\n');
}

// ------------------------------------------------------------------------------------- Moodle XML

const cdata = (s: string): string => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const xmlEscape = (s: string): string => escapeHtml(s).replace(/'/g, '&apos;');
const textEl = (tag: string, html: string, format = 'html'): string =>
  `<${tag} format="${format}"><text>${cdata(html)}</text></${tag}>`;

function fraction(f: number): string {
  return String(Math.round(f * 1e7) / 1e5);
}

function moodleCommon(q: BankQuestion, type: string): string[] {
  return [
    `  <question type="${type}">`,
    `    <name><text>${xmlEscape(q.title)}</text></name>`,
    `    ${textEl('questiontext', q.stem)}`,
    `    ${textEl('generalfeedback', q.generalFeedback ?? '')}`,
    `    <defaultgrade>${q.points ?? 1}</defaultgrade>`,
  ];
}
const moodleHints = (q: BankQuestion): string[] => q.hints.map((h) => `    ${textEl('hint', h)}`);

export function toMoodleXml(bundle: BankBundle, losses: Loss[]): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let category: string | null = null;
  for (const q of bundle.questions) {
    const cat = q.category ?? bundle.title;
    if (cat !== category) {
      category = cat;
      out.push(
        '  <question type="category">',
        `    <category><text>${xmlEscape(`$course$/${cat}`)}</text></category>`,
        '  </question>',
      );
    }
    switch (q.kind) {
      case 'description':
        out.push(...moodleCommon(q, 'description'), '  </question>');
        break;
      case 'choice': {
        const nRight = q.options.filter((o) => o.correct).length;
        out.push(
          ...moodleCommon(q, 'multichoice'),
          `    <single>${q.multiple ? 'false' : 'true'}</single>`,
          '    <shuffleanswers>true</shuffleanswers>',
          '    <answernumbering>abc</answernumbering>',
        );
        for (const o of q.options) {
          const f = o.correct ? (q.multiple ? 1 / Math.max(1, nRight) : 1) : 0;
          out.push(
            `    <answer fraction="${fraction(f)}" format="html"><text>${cdata(escapeHtml(htmlToText(o.html)))}</text>${textEl('feedback', o.feedback ?? '')}</answer>`,
          );
        }
        out.push(...moodleHints(q), '  </question>');
        break;
      }
      case 'select': {
        // gapselect: numbered options in groups; each gap gets its own group of options.
        const options: { text: string; group: number }[] = [];
        const gapRef: number[] = [];
        q.gaps.forEach((g, i) => {
          const start = options.length;
          g.options.forEach((o) => options.push({ text: o, group: i + 1 }));
          gapRef.push(start + (g.right ?? 0) + 1);
          if (g.right === null) losses.push({ where: q.title, what: 'noRightAnswer' });
        });
        // A gapselect needs its gaps in the text; a select without one gets it at the end.
        const withGap = withGapAtEnd(q.stem);
        const stem = withGap.replace(GAP, (_, n: string) => `[[${gapRef[Number(n) - 1] ?? 1}]]`);
        out.push(
          ...moodleCommon({ ...q, stem }, 'gapselect'),
          '    <shuffleanswers>0</shuffleanswers>',
        );
        for (const o of options)
          out.push(
            `    <selectoption><text>${xmlEscape(o.text)}</text><group>${o.group}</group></selectoption>`,
          );
        out.push(...moodleHints(q), '  </question>');
        break;
      }
      case 'connection':
        out.push(
          ...moodleCommon(q, 'matching'),
          '    <shuffleanswers>true</shuffleanswers>',
          ...moodleMatch(q, losses),
          ...moodleHints(q),
          '  </question>',
        );
        break;
    }
  }
  out.push('</quiz>', '');
  return out.join('\n');
}

function moodleMatch(q: BankConnection, losses: Loss[]): string[] {
  const out: string[] = [];
  const used = new Set<number>();
  q.left.forEach((l, li) => {
    const links = q.links.filter((k) => k.left === li);
    if (links.length !== 1)
      losses.push({ where: q.title, what: links.length === 0 ? 'unlinkedLeft' : 'manyLinks' });
    const first = links[0];
    if (first === undefined) return;
    used.add(first.right);
    out.push(
      `    <subquestion format="html"><text>${cdata(l)}</text><answer><text>${xmlEscape(htmlToText(q.right[first.right] ?? ''))}</text></answer></subquestion>`,
    );
  });
  q.right.forEach((r, ri) => {
    if (!used.has(ri))
      out.push(
        `    <subquestion format="html"><text></text><answer><text>${xmlEscape(htmlToText(r))}</text></answer></subquestion>`,
      );
  });
  return out;
}

// -------------------------------------------------------------------------------------------- QTI

const QTI21 = 'http://www.imsglobal.org/xsd/imsqti_v2p1';

function qtiId(prefix: string, i: number): string {
  return `${prefix}${i + 1}`;
}

/** One QTI 2.1 assessmentItem for a question; null (and a loss) when QTI items cannot hold it. */
export function toQtiItem(q: BankQuestion, identifier: string, losses: Loss[]): string | null {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<assessmentItem xmlns="${QTI21}" identifier="${xmlEscape(identifier)}" title="${xmlEscape(q.title)}" adaptive="false" timeDependent="false">`;
  const outcome = `  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>`;
  const maxScore =
    q.points === null
      ? ''
      : `\n  <outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>${q.points}</value></defaultValue></outcomeDeclaration>`;
  const feedbackParts = [q.generalFeedback, ...q.hints].filter(
    (x): x is string => x !== null && x.trim() !== '',
  );
  if (feedbackParts.length > 0) losses.push({ where: q.title, what: 'hints' });
  const template = (name: string): string =>
    `  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/${name}"/>`;
  const body = (inner: string): string => `  <itemBody>\n${inner}\n  </itemBody>`;
  const stemBlock = (html: string): string => (html.trim() === '' ? '' : `    <div>${html}</div>`);
  switch (q.kind) {
    case 'description':
      losses.push({ where: q.title, what: 'textModule' });
      return null;
    case 'choice': {
      const right = q.options
        .map((o, i) => (o.correct ? qtiId('C', i) : null))
        .filter((x): x is string => x !== null);
      const values = right.map((r) => `<value>${r}</value>`).join('');
      const decl = `  <responseDeclaration identifier="RESPONSE" cardinality="${q.multiple ? 'multiple' : 'single'}" baseType="identifier">${right.length > 0 ? `<correctResponse>${values}</correctResponse>` : ''}</responseDeclaration>`;
      const choices = q.options
        .map(
          (o, i) =>
            `      <simpleChoice identifier="${qtiId('C', i)}">${escapeHtml(htmlToText(o.html))}</simpleChoice>`,
        )
        .join('\n');
      const interaction = `    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${q.multiple ? 0 : 1}">\n${choices}\n    </choiceInteraction>`;
      return [
        head,
        decl,
        outcome + maxScore,
        body([stemBlock(q.stem), interaction].filter((s) => s !== '').join('\n')),
        template('match_correct'),
        '</assessmentItem>',
        '',
      ].join('\n');
    }
    case 'select': {
      const decls = q.gaps
        .map(
          (g, i) =>
            `  <responseDeclaration identifier="RESPONSE${i + 1}" cardinality="single" baseType="identifier">${g.right === null ? '' : `<correctResponse><value>${qtiId('G', g.right)}</value></correctResponse>`}</responseDeclaration>`,
        )
        .join('\n');
      const stem = withGapAtEnd(q.stem).replace(GAP, (_, n: string) => {
        const g = q.gaps[Number(n) - 1];
        if (g === undefined) return '';
        const choices = g.options
          .map(
            (o, j) => `<inlineChoice identifier="${qtiId('G', j)}">${escapeHtml(o)}</inlineChoice>`,
          )
          .join('');
        return `<inlineChoiceInteraction responseIdentifier="RESPONSE${n}" shuffle="false">${choices}</inlineChoiceInteraction>`;
      });
      const wrapped = /^\s*<(p|div)\b/i.test(stem) ? stem : `<p>${stem}</p>`;
      return [
        head,
        decls,
        outcome + maxScore,
        body(`    <div>${wrapped}</div>`),
        template('match_correct'),
        '</assessmentItem>',
        '',
      ].join('\n');
    }
    case 'connection': {
      const pairs = q.links
        .map((k) => `<value>${qtiId('L', k.left)} ${qtiId('R', k.right)}</value>`)
        .join('');
      const decl = `  <responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair">${q.links.length > 0 ? `<correctResponse>${pairs}</correctResponse>` : ''}</responseDeclaration>`;
      const set = (items: readonly string[], p: string): string =>
        `      <simpleMatchSet>\n${items.map((t, i) => `        <simpleAssociableChoice identifier="${qtiId(p, i)}" matchMax="${items.length === 0 ? 1 : q.left.length + q.right.length}">${escapeHtml(htmlToText(t))}</simpleAssociableChoice>`).join('\n')}\n      </simpleMatchSet>`;
      const interaction = `    <matchInteraction responseIdentifier="RESPONSE" shuffle="false" maxAssociations="${q.left.length * Math.max(1, q.right.length)}">\n${set(q.left, 'L')}\n${set(q.right, 'R')}\n    </matchInteraction>`;
      return [
        head,
        decl,
        outcome + maxScore,
        body([stemBlock(q.stem), interaction].filter((s) => s !== '').join('\n')),
        template('match_correct'),
        '</assessmentItem>',
        '',
      ].join('\n');
    }
  }
}

/** A QTI 2.1 content package (zip with imsmanifest.xml and one file per item). */
export function toQtiPackage(bundle: BankBundle, losses: Loss[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  bundle.questions.forEach((q, i) => {
    const id = `item${String(i + 1).padStart(3, '0')}`;
    const xml = toQtiItem(q, id, losses);
    if (xml === null) return;
    files[`items/${id}.xml`] = strToU8(xml);
    resources.push(
      `    <resource identifier="${id}" type="imsqti_item_xmlv2p1" href="items/${id}.xml"><file href="items/${id}.xml"/></resource>`,
    );
  });
  const manifest = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="sabaq-export">',
    `  <metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion></metadata>`,
    '  <organizations/>',
    '  <resources>',
    ...resources,
    '  </resources>',
    '</manifest>',
    '',
  ].join('\n');
  files['imsmanifest.xml'] = strToU8(manifest);
  // Fixed timestamps keep the package byte-for-byte reproducible.
  return zipSync(files, { mtime: new Date('2020-01-01T00:00:00Z') });
}

export type { BankSelect };
