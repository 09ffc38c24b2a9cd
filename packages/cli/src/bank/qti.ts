import { strFromU8, unzipSync } from 'fflate';
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
import { normalizeSpace } from './text.js';
import {
  childElements,
  descendants,
  firstChild,
  innerHtml,
  localName,
  parseXml,
  textContent,
  XmlSyntaxError,
  type XmlElement,
  type XmlNode,
} from './xml.js';

export const QTI_NS = {
  '2.1': 'http://www.imsglobal.org/xsd/imsqti_v2p1',
  '3.0': 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0',
} as const;
export type QtiVersion = keyof typeof QTI_NS;

export interface QtiResponse {
  readonly identifier: string;
  readonly cardinality: string;
  readonly baseType: string;
  readonly correct: readonly string[];
  readonly mapping: {
    readonly defaultValue: string | null;
    readonly lowerBound: string | null;
    readonly upperBound: string | null;
    readonly entries: readonly { readonly key: string; readonly value: string }[];
  } | null;
}
export interface QtiChoice {
  readonly id: string;
  readonly matchMax: string | null;
  readonly text: string;
  readonly html: string;
}
export interface QtiInteraction {
  /** QTI 2.1 name (`choiceInteraction`); QTI 3.0 names are mapped onto it. */
  readonly type: string;
  readonly responseIdentifier: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly prompt: string | null;
  /** Choices in document order (both match sets for matchInteraction). */
  readonly choices: readonly QtiChoice[];
  /** For matchInteraction: the ids of each simpleMatchSet. */
  readonly sets: readonly (readonly string[])[];
  readonly element: XmlElement;
}
export interface QtiItem {
  readonly version: QtiVersion;
  readonly identifier: string;
  readonly title: string;
  readonly responses: readonly QtiResponse[];
  readonly interactions: readonly QtiInteraction[];
  readonly responseProcessing: string | null;
  readonly maxScore: number | null;
  readonly body: XmlElement | undefined;
  readonly feedback: readonly string[];
}

const kebabToCamel = (s: string): string =>
  s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * QTI 3.0 renamed QTI 2.1's elements and attributes to kebab case with a `qti-` prefix
 * (`qti-choice-interaction response-identifier` = `choiceInteraction responseIdentifier`).
 * Mapping 3.0 onto 2.1 names lets one reader handle both, so twins import identically.
 */
function normaliseQti3(el: XmlElement): XmlElement {
  const name = el.name.startsWith('qti-') ? kebabToCamel(el.name.slice(4)) : el.name;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.attrs)) attrs[k.includes(':') ? k : kebabToCamel(k)] = v;
  const children: XmlNode[] = el.children.map((c) =>
    typeof c === 'string' ? c : normaliseQti3(c),
  );
  return { name, attrs, children, line: el.line };
}

const CHOICE_ELEMENTS = new Set([
  'simpleChoice',
  'inlineChoice',
  'simpleAssociableChoice',
  'gapText',
  'gapImg',
]);

function readInteraction(el: XmlElement): QtiInteraction {
  const own = childElements(el).filter((c) => CHOICE_ELEMENTS.has(c.name));
  const sets = childElements(el, 'simpleMatchSet').map((s) =>
    childElements(s).filter((c) => CHOICE_ELEMENTS.has(c.name)),
  );
  const all = sets.length > 0 ? sets.flat() : own;
  const prompt = firstChild(el, 'prompt');
  return {
    type: el.name,
    responseIdentifier: el.attrs['responseIdentifier'] ?? '',
    attrs: el.attrs,
    prompt: prompt === undefined ? null : innerHtml(prompt).trim(),
    choices: all.map((c) => ({
      id: c.attrs['identifier'] ?? '',
      matchMax: c.attrs['matchMax'] ?? null,
      text: normalizeSpace(textContent(c)),
      html: innerHtml(c).replace(/\s+/g, ' ').trim(),
    })),
    sets: sets.map((s) => s.map((c) => c.attrs['identifier'] ?? '')),
    element: el,
  };
}

/** Reads an assessmentItem (QTI 2.1) or qti-assessment-item (QTI 3.0); null when it is neither. */
export function readQtiItem(rootIn: XmlElement): QtiItem | null {
  const version: QtiVersion | null =
    localName(rootIn) === 'assessmentItem'
      ? '2.1'
      : localName(rootIn) === 'qti-assessment-item'
        ? '3.0'
        : null;
  if (version === null) return null;
  const root = version === '3.0' ? normaliseQti3(rootIn) : rootIn;
  const responses: QtiResponse[] = childElements(root, 'responseDeclaration').map((r) => {
    const correct = firstChild(r, 'correctResponse');
    const mapping = firstChild(r, 'mapping');
    return {
      identifier: r.attrs['identifier'] ?? '',
      cardinality: r.attrs['cardinality'] ?? 'single',
      baseType: r.attrs['baseType'] ?? '',
      correct:
        correct === undefined
          ? []
          : childElements(correct, 'value').map((v) => textContent(v).trim()),
      mapping:
        mapping === undefined
          ? null
          : {
              defaultValue: mapping.attrs['defaultValue'] ?? null,
              lowerBound: mapping.attrs['lowerBound'] ?? null,
              upperBound: mapping.attrs['upperBound'] ?? null,
              entries: childElements(mapping, 'mapEntry').map((e) => ({
                key: e.attrs['mapKey'] ?? '',
                value: e.attrs['mappedValue'] ?? '',
              })),
            },
    };
  });
  const maxOutcome = childElements(root, 'outcomeDeclaration').find(
    (o) => o.attrs['identifier'] === 'MAXSCORE',
  );
  const maxDefault = maxOutcome === undefined ? undefined : firstChild(maxOutcome, 'defaultValue');
  const maxScore = maxDefault === undefined ? null : Number(textContent(maxDefault).trim());
  const body = firstChild(root, 'itemBody');
  const interactions =
    body === undefined
      ? []
      : descendants(body)
          .filter((e) => e.name.endsWith('Interaction'))
          .map(readInteraction);
  const rp = firstChild(root, 'responseProcessing');
  return {
    version,
    identifier: root.attrs['identifier'] ?? '',
    title: root.attrs['title'] ?? '',
    responses,
    interactions,
    responseProcessing: rp === undefined ? null : (rp.attrs['template'] ?? 'custom'),
    maxScore: maxScore !== null && Number.isFinite(maxScore) ? maxScore : null,
    body,
    feedback: childElements(root, 'modalFeedback').map((f) => innerHtml(f).trim()),
  };
}

const SUPPORTED = new Set([
  'choiceInteraction',
  'inlineChoiceInteraction',
  'matchInteraction',
  'associateInteraction',
]);

/** Body HTML with interactions replaced: inline choices by `[[n]]` gaps, block interactions dropped. */
function bodyHtml(item: QtiItem, gapOf: (el: XmlElement) => number | undefined): string {
  if (item.body === undefined) return '';
  const render = (c: XmlElement): string | undefined => {
    if (!c.name.endsWith('Interaction')) return undefined;
    const gap = gapOf(c);
    return gap === undefined ? '' : `[[${gap}]]`;
  };
  return innerHtml(item.body, render)
    .replace(/\s+/g, ' ')
    .replace(/ ([;,.:!?])/g, '$1')
    .replace(/<p>\s*<\/p>/g, '')
    .trim();
}

function pointsOf(item: QtiItem, r: QtiResponse | undefined): number | null {
  if (item.maxScore !== null) return item.maxScore;
  if (r?.mapping != null) {
    if (r.mapping.upperBound !== null && Number.isFinite(Number(r.mapping.upperBound)))
      return Number(r.mapping.upperBound);
    const values = r.correct.map((k) =>
      Number(r.mapping?.entries.find((e) => e.key === k)?.value ?? 0),
    );
    const sum = values.reduce((a, b) => a + b, 0);
    if (sum > 0) return sum;
  }
  // The match_correct template scores 1 for a right response.
  return item.responseProcessing?.includes('match_correct') === true ? 1 : null;
}

/** Reads a file referenced by an item (image), relative to the item; undefined when absent. */
export type AssetReader = (relative: string) => Uint8Array | undefined;

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/**
 * Images an item references by relative path travel with it only inside a package or folder.
 * Found ones are embedded as data URIs so the draft stands alone; missing ones become their alt
 * text and a warning, so a draft never points at a file that is not there.
 */
function resolveImages(
  html: string,
  readAsset: AssetReader | undefined,
  onMissing: (src: string) => void,
): string {
  return html.replace(/<img\b[^>]*?\/?>/g, (tag) => {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1] ?? '';
    if (/^(https?:|data:)/i.test(src)) return tag;
    const bytes = readAsset?.(src.replace(/&amp;/g, '&'));
    const ext = src.split('.').pop()?.toLowerCase() ?? '';
    if (bytes !== undefined && MIME[ext] !== undefined) {
      return tag.replace(
        /\ssrc="[^"]*"/,
        ` src="data:${MIME[ext]};base64,${Buffer.from(bytes).toString('base64')}"`,
      );
    }
    onMissing(src);
    const alt = /\salt="([^"]*)"/.exec(tag)?.[1] ?? '';
    return alt === '' ? '' : `[${alt}]`;
  });
}

/** Maps one QTI item to the neutral model (or reports it unsupported). */
export function qtiItemToBank(
  item: QtiItem,
  file: string,
  line: number | null,
  readAsset?: AssetReader,
): { question: BankQuestion | null; unsupported: BankUnsupported | null; warnings: BankIssue[] } {
  const source: BankSource = { file, line, itemId: item.identifier || null };
  const title = item.title || item.identifier;
  const warnings: BankIssue[] = [];
  const img = (html: string): string =>
    resolveImages(html, readAsset, (src) =>
      warnings.push(issue('missingFile', file, { line, itemId: source.itemId }, { path: src })),
    );
  const unsupported = (
    type: string,
  ): { question: null; unsupported: BankUnsupported; warnings: BankIssue[] } => ({
    question: null,
    unsupported: { source, title, type },
    warnings,
  });
  const other = item.interactions.filter((i) => !SUPPORTED.has(i.type));
  if (other.length > 0) return unsupported([...new Set(other.map((i) => i.type))].join(', '));
  if (item.interactions.length === 0) return unsupported('noInteraction');
  const kinds = new Set(item.interactions.map((i) => i.type));
  const response = (i: QtiInteraction): QtiResponse | undefined =>
    item.responses.find((r) => r.identifier === i.responseIdentifier);
  const base = {
    source,
    title,
    category: null,
    generalFeedback: item.feedback.length > 0 ? item.feedback.join('\n') : null,
    hints: [],
  };
  const noRight = (): void => {
    warnings.push(issue('noRightAnswer', file, { line, itemId: source.itemId }, { title }));
  };
  if (kinds.size === 1 && kinds.has('inlineChoiceInteraction')) {
    const gaps: BankGap[] = [];
    const index = new Map<XmlElement, number>();
    for (const i of item.interactions) {
      const r = response(i);
      const right =
        r === undefined || r.correct.length === 0
          ? null
          : i.choices.findIndex((c) => c.id === r.correct[0]);
      if (right === null || right < 0) noRight();
      gaps.push({
        options: i.choices.map((c) => c.text),
        right: right === null || right < 0 ? null : right,
      });
      index.set(i.element, gaps.length);
    }
    const stem = img(bodyHtml(item, (el) => index.get(el)));
    const points = item.interactions.map((i) => pointsOf(item, response(i)));
    const total = points.every((p) => p === null)
      ? null
      : points.reduce<number>((a, b) => a + (b ?? 0), 0);
    return {
      question: { ...base, stem, points: item.maxScore ?? total, kind: 'select', gaps },
      unsupported: null,
      warnings,
    };
  }
  if (item.interactions.length !== 1) return unsupported([...kinds].join(', '));
  const [interaction] = item.interactions as [QtiInteraction];
  const r = response(interaction);
  const lead = bodyHtml(item, () => undefined);
  const stem = img(
    [lead, interaction.prompt ? `<p>${interaction.prompt}</p>` : '']
      .filter((s) => s !== '')
      .join(''),
  );
  const points = pointsOf(item, r);
  const correct = r?.correct ?? [];
  if (correct.length === 0) noRight();
  switch (interaction.type) {
    case 'choiceInteraction': {
      const options: BankChoiceOption[] = interaction.choices.map((c) => ({
        id: c.id,
        html: img(c.html),
        correct: correct.includes(c.id),
        fraction: null,
        feedback: null,
      }));
      const multiple =
        r?.cardinality === 'multiple' ||
        (r === undefined && interaction.attrs['maxChoices'] !== '1');
      return {
        question: { ...base, stem, points, kind: 'choice', multiple, options },
        unsupported: null,
        warnings,
      };
    }
    case 'matchInteraction':
    case 'associateInteraction': {
      const byId = new Map(interaction.choices.map((c) => [c.id, c]));
      const pairs = correct.map((v) => v.split(/\s+/) as [string, string]);
      let leftIds: string[];
      let rightIds: string[];
      if (interaction.type === 'matchInteraction' && interaction.sets.length === 2) {
        leftIds = [...(interaction.sets[0] ?? [])];
        rightIds = [...(interaction.sets[1] ?? [])];
      } else {
        // associateInteraction has one pool; the right answer's pairs say which side each item is on.
        if (pairs.length === 0) return unsupported(`${interaction.type} (no correctResponse)`);
        const firsts = new Set(pairs.map((p) => p[0]));
        leftIds = interaction.choices.filter((c) => firsts.has(c.id)).map((c) => c.id);
        rightIds = interaction.choices.filter((c) => !firsts.has(c.id)).map((c) => c.id);
      }
      const mapped = (k: string): number | null => {
        const e = r?.mapping?.entries.find((x) => x.key === k);
        return e === undefined ? null : Number(e.value);
      };
      const links = pairs.flatMap(([a, b]) => {
        let li = leftIds.indexOf(a);
        let ri = rightIds.indexOf(b);
        if ((li < 0 || ri < 0) && interaction.type === 'associateInteraction') {
          li = leftIds.indexOf(b);
          ri = rightIds.indexOf(a);
        }
        return li < 0 || ri < 0 ? [] : [{ left: li, right: ri, points: mapped(`${a} ${b}`) }];
      });
      return {
        question: {
          ...base,
          stem,
          points,
          kind: 'connection',
          left: leftIds.map((id) => img(byId.get(id)?.html ?? id)),
          right: rightIds.map((id) => img(byId.get(id)?.html ?? id)),
          links,
        },
        unsupported: null,
        warnings,
      };
    }
    default:
      return unsupported(interaction.type);
  }
}

interface Loaded {
  readonly path: string;
  readonly text: string;
  /** Folder of the item inside its package, for its relative references. */
  readonly base: string;
}

/** Reads files of a package or folder by path relative to its root. */
export type PackageReader = (relative: string) => Uint8Array | undefined;

const dirOf = (p: string): string => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

function importItems(
  file: string,
  items: Loaded[],
  errors: BankIssue[],
  read: PackageReader | undefined,
): BankOutcome {
  const questions: BankQuestion[] = [];
  const unsupported: BankUnsupported[] = [];
  const warnings: BankIssue[] = [];
  for (const it of items) {
    const label = items.length === 1 && it.path === file ? file : `${file}#${it.path}`;
    let root: XmlElement;
    try {
      root = parseXml(it.text);
    } catch (e) {
      if (!(e instanceof XmlSyntaxError)) throw e;
      errors.push(issue('syntax', label, e, { message: e.message }));
      continue;
    }
    const item = readQtiItem(root);
    if (item === null) {
      errors.push(
        issue(
          'notABank',
          label,
          { line: root.line },
          { root: localName(root), expected: 'assessmentItem' },
        ),
      );
      continue;
    }
    const out = qtiItemToBank(
      item,
      label,
      root.line ?? null,
      read && ((rel) => read(joinPath(it.base, rel))),
    );
    if (out.question) questions.push(out.question);
    if (out.unsupported) unsupported.push(out.unsupported);
    warnings.push(...out.warnings);
  }
  if (errors.length > 0) return { ok: false, file, errors };
  return { ok: true, bank: { file, format: 'qti', questions, unsupported, warnings } };
}

/** Item hrefs listed by an IMS content package manifest, in order. */
export function manifestItems(manifest: XmlElement): string[] {
  const out: string[] = [];
  for (const r of descendants(manifest).filter((e) => localName(e) === 'resource')) {
    const type = r.attrs['type'] ?? '';
    if (!/^imsqti_item_xmlv(2p[12]|3p0)/.test(type)) continue;
    const href = r.attrs['href'] ?? childElements(r, 'file')[0]?.attrs['href'];
    if (href !== undefined) out.push(href);
  }
  return out;
}

const joinPath = (dir: string, href: string): string => {
  const parts = (dir === '' ? [] : dir.split('/')).concat(decodeURIComponent(href).split('/'));
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
};

/**
 * Imports a QTI 2.1/3.0 item, an imsmanifest.xml (with `readFile` for the items it lists), or a
 * content package zip. Broken items refuse the file with their own path.
 */
export function importQti(
  data: string | Uint8Array,
  file: string,
  readFile?: PackageReader,
): BankOutcome {
  if (typeof data !== 'string') {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(data);
    } catch (e) {
      return {
        ok: false,
        file,
        errors: [issue('badZip', file, {}, { message: (e as Error).message })],
      };
    }
    const manifestPath = Object.keys(entries).find((p) => /(^|\/)imsmanifest\.xml$/.test(p));
    if (manifestPath === undefined)
      return {
        ok: false,
        file,
        errors: [issue('notABank', file, {}, { root: 'zip', expected: 'imsmanifest.xml' })],
      };
    const dir = manifestPath.includes('/')
      ? manifestPath.slice(0, manifestPath.lastIndexOf('/'))
      : '';
    return importQti(
      strFromU8(entries[manifestPath] as Uint8Array),
      file,
      (rel) => entries[joinPath(dir, rel)],
    );
  }
  let root: XmlElement;
  try {
    root = parseXml(data);
  } catch (e) {
    if (e instanceof XmlSyntaxError)
      return { ok: false, file, errors: [issue('syntax', file, e, { message: e.message })] };
    throw e;
  }
  if (localName(root) === 'manifest') {
    const errors: BankIssue[] = [];
    const items: Loaded[] = [];
    for (const href of manifestItems(root)) {
      const bytes = readFile?.(href);
      if (bytes === undefined) errors.push(issue('missingFile', file, {}, { path: href }));
      else
        items.push({
          path: joinPath('', href),
          text: strFromU8(bytes),
          base: dirOf(joinPath('', href)),
        });
    }
    if (items.length === 0 && errors.length === 0)
      return { ok: false, file, errors: [issue('emptyBank', file, {})] };
    return importItems(file, items, errors, readFile);
  }
  return importItems(file, [{ path: file, text: data, base: '' }], [], readFile);
}
