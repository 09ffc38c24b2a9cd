/**
 * The builder draft model (spec §3 "Builder lesson draft"). zod is the source of truth; every
 * TypeScript type here is inferred from a schema so the runtime check and the type never drift.
 */
import { z } from 'zod';

/** Current schema version of everything the engine serialises (drafts, events, snapshots). */
export const SCHEMA_VERSION = 2 as const;

/** Builder products. The first five are named by the spec; the rest are the other builders. */
export const DRAFT_TYPES = [
  'sor',
  'soch',
  'customLesson',
  'lesson',
  'lecture',
  'homework',
  'olympiad',
] as const;
export const DraftTypeSchema = z.enum(DRAFT_TYPES);
export type DraftType = z.infer<typeof DraftTypeSchema>;

export const LANGS = ['kz', 'ru'] as const;
export const LangSchema = z.enum(LANGS);
export type Lang = z.infer<typeof LangSchema>;

export const MODULE_TYPES = ['simple', 'task'] as const;
export const ModuleTypeSchema = z.enum(MODULE_TYPES);
export type ModuleType = z.infer<typeof ModuleTypeSchema>;

export const OPTION_KINDS = ['select', 'choice', 'connection'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** Lesson duration in minutes: default from spec §9, range used by the reducer and publishing. */
export const DEFAULT_DURATION = 40;
export const DURATION_LIMITS = { min: 1, max: 240 } as const;

/** Ids are client-generated strings (uuid, nanoid, …); a conservative alphabet keeps them safe
 * in URLs, paths like `pages.0.modules.2` and Yjs map keys. */
export const ID_MAX = 128;
/** Ids a command introduces are shorter than ID_MAX so ids derived from them (duplicate) fit. */
export const NEW_ID_MAX = 100;
// One regex (alphabet and length together) rather than min+max+regex checks: ids are validated
// several times per command on the replay hot path.
// zod's default message is kept: the CLI translates zod's own messages into kz/ru.
export const IdSchema = z.string().regex(/^[A-Za-z0-9_\-.:~]{1,128}$/);
export type Id = z.infer<typeof IdSchema>;
export const NewIdSchema = z.string().regex(/^[A-Za-z0-9_\-.:~]{1,100}$/);

export const TEXT_MAX = 2000;
export const LONG_TEXT_MAX = 20000;
const Text = z.string().max(TEXT_MAX);

// ---------------------------------------------------------------------------------------------
// Rich text: TipTap / ProseMirror JSON. Validated loosely (any node and mark type) but safely:
// bounded depth, sizes and attribute values, so junk cannot blow the stack or memory.

export const RICH_TEXT_MAX_DEPTH = 32;
export const RICH_TEXT_MAX_NODES = 5000;

export type RichAttrValue =
  string | number | boolean | null | ReadonlyArray<string | number | boolean | null>;
export interface RichMark {
  type: string;
  attrs?: Record<string, RichAttrValue>;
}
export interface RichNode {
  type: string;
  attrs?: Record<string, RichAttrValue>;
  content?: RichNode[];
  text?: string;
  marks?: RichMark[];
}

const AttrPrimitive = z.union([z.string().max(LONG_TEXT_MAX), z.number(), z.boolean(), z.null()]);
const AttrsSchema = z.record(
  z.string().max(64),
  z.union([AttrPrimitive, z.array(AttrPrimitive).max(100)]),
);
const NodeTypeName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/);

export const RichMarkSchema: z.ZodType<RichMark, RichMark> = z.object({
  type: NodeTypeName,
  attrs: AttrsSchema.optional(),
});

export const RichNodeSchema: z.ZodType<RichNode, RichNode> = z.lazy(() =>
  z.object({
    type: NodeTypeName,
    attrs: AttrsSchema.optional(),
    content: z.array(RichNodeSchema).max(RICH_TEXT_MAX_NODES).optional(),
    text: z.string().max(LONG_TEXT_MAX).optional(),
    marks: z.array(RichMarkSchema).max(20).optional(),
  }),
);

const NODE_TYPE_RE = /^[A-Za-z][A-Za-z0-9_-]*$/;

function isAttrPrimitive(v: unknown): boolean {
  return (
    v === null ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v)) ||
    (typeof v === 'string' && v.length <= LONG_TEXT_MAX)
  );
}

function copyAttrs(v: unknown): Record<string, RichAttrValue> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const out: Record<string, RichAttrValue> = {};
  for (const k of Object.keys(v)) {
    if (k.length > 64 || k === '__proto__') return null;
    const x = (v as Record<string, unknown>)[k];
    if (Array.isArray(x)) {
      if (x.length > 100 || !x.every(isAttrPrimitive)) return null;
      out[k] = x.slice() as RichAttrValue;
    } else if (isAttrPrimitive(x)) out[k] = x as RichAttrValue;
    else return null;
  }
  return out;
}

function isTypeName(v: unknown): v is string {
  return typeof v === 'string' && v.length >= 1 && v.length <= 64 && NODE_TYPE_RE.test(v);
}

/**
 * Validates a ProseMirror node tree and returns a fresh copy with only the known keys (what the
 * recursive zod schema `RichNodeSchema` accepts, without its cost: content is edited all day, so
 * this sits on the replay hot path). Bounded depth and node count, so junk cannot blow the stack.
 */
export function copyRichNode(value: unknown): RichNode | null {
  return copyNode(value, 1, { nodes: 0 });
}

// Top-level (not a closure per call): this runs for every content edit on the replay hot path.
function copyNode(v: unknown, depth: number, count: { nodes: number }): RichNode | null {
  if (depth > RICH_TEXT_MAX_DEPTH || ++count.nodes > RICH_TEXT_MAX_NODES) return null;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const n = v as Record<string, unknown>;
  if (!isTypeName(n.type)) return null;
  const out: RichNode = { type: n.type };
  // `attrs: null` shows up in hand-written JSON; it means "no attributes".
  if (n.attrs !== undefined && n.attrs !== null) {
    const attrs = copyAttrs(n.attrs);
    if (!attrs) return null;
    out.attrs = attrs;
  }
  if (n.text !== undefined) {
    if (typeof n.text !== 'string' || n.text.length > LONG_TEXT_MAX) return null;
    out.text = n.text;
  }
  if (n.marks !== undefined) {
    if (!Array.isArray(n.marks) || n.marks.length > 20) return null;
    const marks: RichMark[] = [];
    for (const m of n.marks as unknown[]) {
      if (typeof m !== 'object' || m === null) return null;
      const mm = m as Record<string, unknown>;
      if (!isTypeName(mm.type)) return null;
      const mark: RichMark = { type: mm.type };
      if (mm.attrs !== undefined && mm.attrs !== null) {
        const attrs = copyAttrs(mm.attrs);
        if (!attrs) return null;
        mark.attrs = attrs;
      }
      marks.push(mark);
    }
    out.marks = marks;
  }
  if (n.content !== undefined) {
    if (!Array.isArray(n.content) || n.content.length > RICH_TEXT_MAX_NODES) return null;
    const content: RichNode[] = [];
    for (const c of n.content as unknown[]) {
      const cc = copyNode(c, depth + 1, count);
      if (!cc) return null;
      content.push(cc);
    }
    out.content = content;
  }
  return out;
}

/** A rich-text field: a ProseMirror document `{ type: 'doc', content: [...] }`. */
export const RichTextSchema = z.unknown().transform((v, ctx): RichNode => {
  const doc = copyRichNode(v);
  if (!doc) {
    ctx.addIssue({ code: 'custom', message: 'invalid rich text (ProseMirror JSON expected)' });
    return z.NEVER;
  }
  if (doc.type !== 'doc') {
    ctx.addIssue({ code: 'custom', message: "rich text must be a 'doc' node" });
    return z.NEVER;
  }
  return doc;
});
export type RichText = RichNode;

/** An empty ProseMirror document. */
export function emptyDoc(): RichText {
  return { type: 'doc', content: [] };
}

/** A document with one paragraph of plain text (used by importers, fixtures and tests). */
export function textDoc(text: string): RichText {
  return text === ''
    ? emptyDoc()
    : { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

/** Plain text of a rich-text document (text nodes joined; blocks separated by newlines). */
export function richTextToPlain(doc: RichText | null | undefined): string {
  if (!doc) return '';
  const out: string[] = [];
  const walk = (n: RichNode): void => {
    if (typeof n.text === 'string') out.push(n.text);
    if (n.content) {
      for (const c of n.content) walk(c);
      if (n.type === 'paragraph' || n.type === 'heading') out.push('\n');
    }
  };
  walk(doc);
  return out.join('').trim();
}

/** Block and inline nodes that show nothing by themselves when they hold no text. */
const TEXT_HOLDERS: ReadonlySet<string> = new Set([
  'doc',
  'paragraph',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'hardBreak',
  'horizontalRule',
]);

/**
 * Whether a rich-text document shows anything: some non-blank text, or a node that is content by
 * itself (an image, a formula, a video). The editor's empty field is a doc with an empty
 * paragraph, which is not a question.
 */
export function hasRichContent(doc: RichText | null | undefined): boolean {
  if (!doc) return false;
  const shows = (n: RichNode): boolean =>
    typeof n.text === 'string'
      ? n.text.trim() !== ''
      : !TEXT_HOLDERS.has(n.type) || (n.content ?? []).some(shows);
  return shows(doc);
}

// ---------------------------------------------------------------------------------------------
// Options of a task module

/** select: string options, exactly one right option while there is any. The right answer is kept
 * by option id (so concurrent edits converge); `selectRightIndex` gives the spec's "right index". */
export const SelectOptionSchema = z.object({ id: IdSchema, text: Text });
export type SelectOption = z.infer<typeof SelectOptionSchema>;
export const SelectOptionsSchema = z.object({
  kind: z.literal('select'),
  items: z.array(SelectOptionSchema).max(200),
  rightId: IdSchema.nullable(),
});
export type SelectOptions = z.infer<typeof SelectOptionsSchema>;

/** choice: options with content and a right flag; single (one right at most) or multiple. */
export const ChoiceOptionSchema = z.object({ id: IdSchema, content: Text, right: z.boolean() });
export type ChoiceOption = z.infer<typeof ChoiceOptionSchema>;
export const ChoiceOptionsSchema = z.object({
  kind: z.literal('choice'),
  multiple: z.boolean(),
  items: z.array(ChoiceOptionSchema).max(200),
});
export type ChoiceOptions = z.infer<typeof ChoiceOptionsSchema>;

/** connection: left and right items and the links (the right answer) between them. */
export const ConnectionItemSchema = z.object({ id: IdSchema, content: Text });
export type ConnectionItem = z.infer<typeof ConnectionItemSchema>;
export const ConnectionLinkSchema = z.object({ left: IdSchema, right: IdSchema });
export type ConnectionLink = z.infer<typeof ConnectionLinkSchema>;
export const ConnectionOptionsSchema = z.object({
  kind: z.literal('connection'),
  left: z.array(ConnectionItemSchema).max(100),
  right: z.array(ConnectionItemSchema).max(100),
  links: z.array(ConnectionLinkSchema).max(10000),
});
export type ConnectionOptions = z.infer<typeof ConnectionOptionsSchema>;

export const ModuleOptionsSchema = z.discriminatedUnion('kind', [
  SelectOptionsSchema,
  ChoiceOptionsSchema,
  ConnectionOptionsSchema,
]);
export type ModuleOptions = z.infer<typeof ModuleOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Module, page, draft

/** One row of a descriptor: what the student shows and the mark it earns. */
export const DescriptorRowSchema = z.object({ id: IdSchema, title: Text, mark: z.number() });
export type DescriptorRow = z.infer<typeof DescriptorRowSchema>;
/** Assessment descriptor of a module (SOR/SOCh): a criterion and its rows. */
export const DescriptorSchema = z.object({
  criterion: Text,
  descriptorList: z.array(DescriptorRowSchema).max(100),
});
export type Descriptor = z.infer<typeof DescriptorSchema>;

export const AdditionalCriterionsSchema = z.object({
  taskTypeId: IdSchema.nullable(),
  additionalInfo: z.string().max(LONG_TEXT_MAX),
  /** Ids of draft purposes this task assesses (ordered; no repeats). */
  purposes: z.array(IdSchema).max(200),
  /** Maximum points of the task when set by hand (otherwise the descriptor marks add up). */
  maxNumbers: z.number().nullable(),
});
export type AdditionalCriterions = z.infer<typeof AdditionalCriterionsSchema>;

export const ModuleSchema = z.object({
  id: IdSchema,
  title: Text,
  type: ModuleTypeSchema,
  description: RichTextSchema.nullable(),
  content: RichTextSchema,
  options: ModuleOptionsSchema.nullable(),
  hints: z.object({ solution: RichTextSchema.nullable() }),
  /** Names of draft assets attached to this module (ordered; no repeats). */
  attachments: z.array(IdSchema).max(100),
  additionalCriterions: AdditionalCriterionsSchema,
  descriptor: DescriptorSchema,
});
export type Module = z.infer<typeof ModuleSchema>;

export const PageSchema = z.object({
  id: IdSchema,
  title: Text,
  expand: z.boolean(),
  modules: z.array(ModuleSchema).max(2000),
});
export type Page = z.infer<typeof PageSchema>;

/** A file of the draft: `name` is its stable key (storage name), `label` what people see. */
export const AssetSchema = z.object({ name: IdSchema, label: Text });
export type Asset = z.infer<typeof AssetSchema>;

/** A learning purpose (objective) with its skill level and language level. */
export const PurposeSchema = z.object({
  id: IdSchema,
  title: Text,
  skillLevelId: IdSchema.nullable(),
  langLevelId: IdSchema.nullable(),
});
export type Purpose = z.infer<typeof PurposeSchema>;

/** An entry of a server dictionary (skill levels, task types, theme types, speech activities). */
export const DictionaryEntrySchema = z.object({ id: IdSchema, title: Text });
export type DictionaryEntry = z.infer<typeof DictionaryEntrySchema>;
export const DICTIONARIES = ['skillLevels', 'taskTypes', 'themeTypes', 'speechActivities'] as const;
export type DictionaryName = (typeof DICTIONARIES)[number];
export const DictionariesSchema = z.object({
  skillLevels: z.array(DictionaryEntrySchema).max(500),
  taskTypes: z.array(DictionaryEntrySchema).max(500),
  themeTypes: z.array(DictionaryEntrySchema).max(500),
  speechActivities: z.array(DictionaryEntrySchema).max(500),
});
export type Dictionaries = z.infer<typeof DictionariesSchema>;

export const DraftSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  id: IdSchema,
  type: DraftTypeSchema,
  title: Text,
  summary: z.string().max(LONG_TEXT_MAX),
  lang: LangSchema,
  /** Subject (discipline) id from the school's subject list, or null while unset. */
  discipline: IdSchema.nullable(),
  /** Class (parallel) 0..12; 0 is pre-school. */
  class: z.number().int().min(0).max(12).nullable(),
  duration: z.number().int().min(DURATION_LIMITS.min).max(DURATION_LIMITS.max),
  themeTypeId: IdSchema.nullable(),
  speechActivityId: IdSchema.nullable(),
  /** Grows by exactly one per applied edit. */
  version: z.number().int().min(0),
  pages: z.array(PageSchema).max(500),
  assets: z.array(AssetSchema).max(1000),
  purposes: z.array(PurposeSchema).max(500),
  dictionaries: DictionariesSchema,
});
export type Draft = z.infer<typeof DraftSchema>;

/** What `createDraft` needs; everything else gets its spec default. */
export const DraftInitSchema = z.object({
  id: NewIdSchema,
  type: DraftTypeSchema,
  title: Text,
  lang: LangSchema,
  summary: z.string().max(LONG_TEXT_MAX).optional(),
  discipline: IdSchema.nullable().optional(),
  class: z.number().int().min(0).max(12).nullable().optional(),
  duration: z.number().int().min(DURATION_LIMITS.min).max(DURATION_LIMITS.max).optional(),
  dictionaries: DictionariesSchema.optional(),
});
export type DraftInit = z.input<typeof DraftInitSchema>;

/** A new draft with no pages, version 0. Throws a ZodError on a bad init (a programming error at
 * the call site); use `DraftInitSchema.safeParse` first when the init comes from a person. */
export function createDraft(init: DraftInit): Draft {
  const i = DraftInitSchema.parse(init);
  return {
    schemaVersion: SCHEMA_VERSION,
    id: i.id,
    type: i.type,
    title: i.title,
    summary: i.summary ?? '',
    lang: i.lang,
    discipline: i.discipline ?? null,
    class: i.class ?? null,
    duration: i.duration ?? DEFAULT_DURATION,
    themeTypeId: null,
    speechActivityId: null,
    version: 0,
    pages: [],
    assets: [],
    purposes: [],
    dictionaries: i.dictionaries ?? {
      skillLevels: [],
      taskTypes: [],
      themeTypes: [],
      speechActivities: [],
    },
  };
}

/** A fresh module of the given type, empty. */
export function newModule(id: string, type: ModuleType, title = ''): Module {
  return {
    id,
    title,
    type,
    description: null,
    content: emptyDoc(),
    options: null,
    hints: { solution: null },
    attachments: [],
    additionalCriterions: { taskTypeId: null, additionalInfo: '', purposes: [], maxNumbers: null },
    descriptor: { criterion: '', descriptorList: [] },
  };
}

/** The spec's "one right index" of a select: position of the right option, or -1. */
export function selectRightIndex(options: SelectOptions): number {
  return options.rightId === null ? -1 : options.items.findIndex((o) => o.id === options.rightId);
}
