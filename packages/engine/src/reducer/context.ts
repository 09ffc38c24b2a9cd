/**
 * What every command handler shares: the id index, rejections, lookups and the rule for capturing
 * values for inverse commands. Handlers follow one discipline: look everything up and reject
 * BEFORE the first mutation, so a rejected command leaves the draft (and the index) untouched.
 * `apply` (immer) and the fast replay path (mutating a private copy) rely on it alike.
 */
import { isDraft, original } from 'immer';
import type { Draft, Module, Page } from '../model.js';
import type { Command } from '../commands/types.js';
import { cloneJson } from './clone.js';

export const REJECTION_CODES = [
  'invalid_payload',
  'unknown_id',
  'out_of_range',
  'duplicate_id',
  'wrong_kind',
  'conflict',
  'not_allowed',
  'internal_error',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export interface Rejection {
  code: RejectionCode;
  /** Developer-facing English; people get `rejectionMessage(r, lang)`. */
  message: string;
  /** Where in the command the problem is, e.g. `moduleId` or `patch.duration`. */
  path?: string;
  params?: Record<string, string | number | boolean | null>;
}

export type Outcome = { ok: true; inverse: Command } | { ok: false; rejection: Rejection };

/** Where an id lives: its owner, plus `at`, a position hint that lookups verify before use and
 * refresh when stale (positions shift). The common case is O(1); a stale hint costs one scan of
 * the pages list or of one page's modules, as without hints. */
export type IdRef =
  | { kind: 'page'; at?: number }
  | { kind: 'module'; pageId: string; at?: number }
  | { kind: 'part'; moduleId: string }
  | { kind: 'purpose' };

export type IdIndex = Map<string, IdRef>;

export interface Ctx {
  index: IdIndex;
  /** 'immer' inside `produce`; 'mutable' on the replay fast path's private copy. */
  mode: 'immer' | 'mutable';
  /** On the fast path inverses are only built when someone wants them (undo). */
  wantInverse: boolean;
}

export function reject(
  code: RejectionCode,
  message: string,
  path?: string,
  params?: Rejection['params'],
): Outcome {
  const rejection: Rejection = { code, message };
  if (path !== undefined) rejection.path = path;
  if (params !== undefined) rejection.params = params;
  return { ok: false, rejection };
}

/** Success without an inverse, for the fast path when nobody asked for one. */
const APPLIED: Outcome = { ok: true, inverse: { type: 'draft/setMeta', patch: {} } };

/**
 * Success with its inverse. On the replay fast path (no undo wanted) one shared outcome is
 * returned, so the inverse literal does not escape and V8 can often skip allocating it.
 */
export function done(ctx: Ctx, inverse: Command): Outcome {
  return ctx.wantInverse ? { ok: true, inverse } : APPLIED;
}

/** Ids nested inside a module (option items, connection items, descriptor rows). */
export function moduleNestedIds(m: Module): string[] {
  const ids: string[] = [];
  const o = m.options;
  if (o) {
    if (o.kind === 'connection') {
      for (const i of o.left) ids.push(i.id);
      for (const i of o.right) ids.push(i.id);
    } else for (const i of o.items) ids.push(i.id);
  }
  for (const r of m.descriptor.descriptorList) ids.push(r.id);
  return ids;
}

export function indexModule(index: IdIndex, m: Module, pageId: string): void {
  index.set(m.id, { kind: 'module', pageId });
  for (const id of moduleNestedIds(m)) index.set(id, { kind: 'part', moduleId: m.id });
}

export function unindexModule(index: IdIndex, m: Module): void {
  index.delete(m.id);
  for (const id of moduleNestedIds(m)) index.delete(id);
}

export function buildIndex(d: Draft): IdIndex {
  const index: IdIndex = new Map();
  for (const p of d.pages) {
    index.set(p.id, { kind: 'page' });
    for (const m of p.modules) indexModule(index, m, p.id);
  }
  for (const p of d.purposes) index.set(p.id, { kind: 'purpose' });
  return index;
}

/** Ids that collide with the index or with each other, in order of appearance. */
export function collidingIds(index: IdIndex, ids: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const id of ids) {
    if (index.has(id) || seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}

/** Position of a page in `d.pages`, or -1. Shared by `findPage` and `findModule` so a module
 * lookup (the commonest thing a command does) allocates only its result. */
function pageAt(d: Draft, ctx: Ctx, pageId: string): number {
  const ref = ctx.index.get(pageId);
  if (ref?.kind !== 'page') return -1;
  const pages = d.pages;
  const hint = ref.at;
  if (hint !== undefined && pages[hint]?.id === pageId) return hint;
  for (let i = 0; i < pages.length; i++) {
    if (pages[i]!.id === pageId) {
      ref.at = i;
      return i;
    }
  }
  return -1;
}

export function findPage(d: Draft, ctx: Ctx, pageId: string): { page: Page; at: number } | null {
  const at = pageAt(d, ctx, pageId);
  return at < 0 ? null : { page: d.pages[at]!, at };
}

export interface ModuleLoc {
  page: Page;
  pageAt: number;
  module: Module;
  at: number;
}

export function findModule(d: Draft, ctx: Ctx, moduleId: string): ModuleLoc | null {
  const ref = ctx.index.get(moduleId);
  if (ref?.kind !== 'module') return null;
  const pAt = pageAt(d, ctx, ref.pageId);
  if (pAt < 0) return null;
  const page = d.pages[pAt]!;
  const mods = page.modules;
  const hint = ref.at;
  if (hint !== undefined && mods[hint]?.id === moduleId)
    return { page, pageAt: pAt, module: mods[hint], at: hint };
  for (let i = 0; i < mods.length; i++) {
    if (mods[i]!.id === moduleId) {
      ref.at = i;
      return { page, pageAt: pAt, module: mods[i]!, at: i };
    }
  }
  return null;
}

/** Rejection for a missing id, naming the field of the command that carried it. */
export function unknown(field: string, id: string): Outcome {
  return reject('unknown_id', `no such ${field}: ${id}`, field, { id });
}

/** `index` of an insert: 0..length (default: the end). */
export function insertAt(
  index: number | undefined,
  length: number,
  field = 'index',
): number | Outcome {
  if (index === undefined) return length;
  if (index > length)
    return reject('out_of_range', `${field} ${index} > ${length}`, field, { index, max: length });
  return index;
}

/** `toIndex` of a move: 0..length-1. */
export function moveTarget(toIndex: number, length: number, field = 'toIndex'): number | Outcome {
  if (toIndex >= length)
    return reject('out_of_range', `${field} ${toIndex} >= ${length}`, field, {
      index: toIndex,
      max: length - 1,
    });
  return toIndex;
}

export function isOutcome(x: unknown): x is Outcome {
  return typeof x === 'object' && x !== null && 'ok' in x;
}

/** Moves one element of an array in place (works on immer drafts and plain arrays). */
export function moveInArray<T>(arr: T[], from: number, to: number): void {
  if (from === to) return;
  const [item] = arr.splice(from, 1);
  arr.splice(to, 0, item as T);
}

/**
 * A value to put into an inverse command, captured before mutating. Under immer it is the frozen
 * base object (no copy); on the fast path a deep copy, because the object may be mutated in place
 * by this or a later command; and nothing at all is copied when no inverse is wanted.
 */
export function keep<T>(ctx: Ctx, value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (ctx.mode === 'immer') return isDraft(value) ? (original(value as never) as T) : value;
  return ctx.wantInverse ? cloneJson(value) : value;
}

/**
 * A command payload (a page, module, options, purpose, asset, dictionary) about to become part of
 * the draft. Replay mutates its private copy in place afterwards, so there the draft gets its own
 * copy of a frozen payload: it belongs to a validated command that the log shares (see
 * `brand.ts`) and must never be written through. An unfrozen payload is the fresh output of the
 * zod parse replay just ran, which nobody else holds, so it is used as is. Immer copies on write
 * by itself.
 */
export function own<T>(ctx: Ctx, value: T): T {
  return ctx.mode === 'mutable' && Object.isFrozen(value) ? cloneJson(value) : value;
}
