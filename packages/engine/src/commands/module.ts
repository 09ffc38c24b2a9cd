/**
 * Modules: add (simple or task), remove (and the inverse insert), move within and across pages,
 * duplicate, and every field edit: title, type, description, content, hints, attachments,
 * additional criteria and the whole option set.
 */
import { z } from 'zod';
import {
  IdSchema,
  LONG_TEXT_MAX,
  ModuleOptionsSchema,
  ModuleSchema,
  ModuleTypeSchema,
  NewIdSchema,
  newModule,
  RichTextSchema,
  TEXT_MAX,
  type Draft,
  type Module,
  type ModuleOptions,
} from '../model.js';
import {
  collidingIds,
  done,
  findModule,
  findPage,
  indexModule,
  insertAt,
  isOutcome,
  keep,
  moduleNestedIds,
  moveTarget,
  reject,
  unindexModule,
  unknown,
  type Ctx,
  type IdIndex,
  type Outcome,
  own,
} from '../reducer/context.js';
import { moduleRefProblem, optionsProblem } from './module-refs.js';
import { cloneJson } from '../reducer/clone.js';

const Index = z.number().int().min(0);

export const CriteriaPatchSchema = z
  .object({
    taskTypeId: IdSchema.nullable(),
    additionalInfo: z.string().max(LONG_TEXT_MAX),
    maxNumbers: z.number().nullable(),
  })
  .partial()
  .strict();
export type CriteriaPatch = z.infer<typeof CriteriaPatchSchema>;

export const moduleCommandSchemas = [
  z.object({
    type: z.literal('module/add'),
    pageId: IdSchema,
    moduleId: NewIdSchema,
    moduleType: ModuleTypeSchema,
    title: z.string().max(TEXT_MAX).default(''),
    index: Index.optional(),
  }),
  /** Puts a whole module back (the inverse of module/remove; also used by importers). */
  z.object({
    type: z.literal('module/insert'),
    pageId: IdSchema,
    index: Index,
    module: ModuleSchema,
  }),
  z.object({ type: z.literal('module/remove'), moduleId: IdSchema }),
  z.object({
    type: z.literal('module/move'),
    moduleId: IdSchema,
    toPageId: IdSchema,
    toIndex: Index,
  }),
  /** Copies a module right after itself. Nested ids of the copy are `${newModuleId}~1`, `~2`, …
   * in order (options, connection items, descriptor rows), so every peer derives the same ids. */
  z.object({ type: z.literal('module/duplicate'), moduleId: IdSchema, newModuleId: NewIdSchema }),
  z.object({
    type: z.literal('module/setTitle'),
    moduleId: IdSchema,
    title: z.string().max(TEXT_MAX),
  }),
  z.object({ type: z.literal('module/setType'), moduleId: IdSchema, moduleType: ModuleTypeSchema }),
  z.object({
    type: z.literal('module/setDescription'),
    moduleId: IdSchema,
    description: RichTextSchema.nullable(),
  }),
  z.object({ type: z.literal('module/setContent'), moduleId: IdSchema, content: RichTextSchema }),
  z.object({
    type: z.literal('module/setHint'),
    moduleId: IdSchema,
    solution: RichTextSchema.nullable(),
  }),
  z.object({
    type: z.literal('module/setCriteria'),
    moduleId: IdSchema,
    patch: CriteriaPatchSchema,
  }),
  /** Replaces the whole option set (choose a kind, clear it, or restore it on undo). */
  z.object({
    type: z.literal('module/setOptions'),
    moduleId: IdSchema,
    options: ModuleOptionsSchema.nullable(),
  }),
  z.object({
    type: z.literal('module/attach'),
    moduleId: IdSchema,
    assetName: IdSchema,
    index: Index.optional(),
  }),
  z.object({ type: z.literal('module/detach'), moduleId: IdSchema, assetName: IdSchema }),
] as const;

type ModuleCommand = z.infer<(typeof moduleCommandSchemas)[number]>;

/** New nested ids of `options` that are already used outside module `moduleId`. */
function foreignClash(index: IdIndex, moduleId: string, ids: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const id of ids) {
    const ref = index.get(id);
    if (seen.has(id) || (ref && !(ref.kind === 'part' && ref.moduleId === moduleId))) return id;
    seen.add(id);
  }
  return null;
}

function optionIds(o: ModuleOptions | null): string[] {
  if (!o) return [];
  return o.kind === 'connection'
    ? [...o.left, ...o.right].map((i) => i.id)
    : o.items.map((i) => i.id);
}

/** A deep copy of `m` with id `newId` and derived nested ids. */
function duplicateOf(m: Module, newId: string): Module {
  const copy = cloneJson(m);
  copy.id = newId;
  let n = 0;
  const map = new Map<string, string>();
  const fresh = (old: string): string => {
    const id = `${newId}~${++n}`;
    map.set(old, id);
    return id;
  };
  const o = copy.options;
  if (o) {
    if (o.kind === 'select') {
      for (const i of o.items) i.id = fresh(i.id);
      if (o.rightId !== null) o.rightId = map.get(o.rightId) ?? null;
    } else if (o.kind === 'choice') {
      for (const i of o.items) i.id = fresh(i.id);
    } else {
      for (const i of o.left) i.id = fresh(i.id);
      for (const i of o.right) i.id = fresh(i.id);
      for (const l of o.links) {
        l.left = map.get(l.left) ?? l.left;
        l.right = map.get(l.right) ?? l.right;
      }
    }
  }
  for (const r of copy.descriptor.descriptorList) r.id = fresh(r.id);
  return copy;
}

export function handleModule(d: Draft, c: ModuleCommand, ctx: Ctx): Outcome {
  switch (c.type) {
    case 'module/add': {
      const p = findPage(d, ctx, c.pageId);
      if (!p) return unknown('pageId', c.pageId);
      if (ctx.index.has(c.moduleId))
        return reject('duplicate_id', `id already used: ${c.moduleId}`, 'moduleId', {
          id: c.moduleId,
        });
      const at = insertAt(c.index, p.page.modules.length);
      if (isOutcome(at)) return at;
      const m = newModule(c.moduleId, c.moduleType, c.title);
      p.page.modules.splice(at, 0, m);
      indexModule(ctx.index, m, c.pageId);
      return done(ctx, { type: 'module/remove', moduleId: c.moduleId });
    }
    case 'module/insert': {
      const p = findPage(d, ctx, c.pageId);
      if (!p) return unknown('pageId', c.pageId);
      const at = insertAt(c.index, p.page.modules.length);
      if (isOutcome(at)) return at;
      const clash = collidingIds(ctx.index, [c.module.id, ...moduleNestedIds(c.module)]);
      if (clash !== null)
        return reject('duplicate_id', `id already used: ${clash}`, 'module', { id: clash });
      const problem = moduleRefProblem(d, c.module);
      if (problem) return problem;
      const m = own(ctx, c.module);
      p.page.modules.splice(at, 0, m);
      indexModule(ctx.index, m, c.pageId);
      return done(ctx, { type: 'module/remove', moduleId: c.module.id });
    }
    case 'module/remove': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const module = keep(ctx, loc.module);
      unindexModule(ctx.index, loc.module);
      loc.page.modules.splice(loc.at, 1);
      return done(ctx, { type: 'module/insert', pageId: loc.page.id, index: loc.at, module });
    }
    case 'module/move': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const target = findPage(d, ctx, c.toPageId);
      if (!target) return unknown('toPageId', c.toPageId);
      const samePage = target.page.id === loc.page.id;
      const to = samePage
        ? moveTarget(c.toIndex, loc.page.modules.length)
        : insertAt(c.toIndex, target.page.modules.length, 'toIndex');
      if (isOutcome(to)) return to;
      const [m] = loc.page.modules.splice(loc.at, 1);
      target.page.modules.splice(to, 0, m!);
      if (!samePage) ctx.index.set(c.moduleId, { kind: 'module', pageId: c.toPageId });
      return done(ctx, {
        type: 'module/move',
        moduleId: c.moduleId,
        toPageId: loc.page.id,
        toIndex: loc.at,
      });
    }
    case 'module/duplicate': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const copy = duplicateOf(keep({ ...ctx, wantInverse: false }, loc.module), c.newModuleId);
      const clash = collidingIds(ctx.index, [copy.id, ...moduleNestedIds(copy)]);
      if (clash !== null)
        return reject('duplicate_id', `id already used: ${clash}`, 'newModuleId', { id: clash });
      loc.page.modules.splice(loc.at + 1, 0, copy);
      indexModule(ctx.index, copy, loc.page.id);
      return done(ctx, { type: 'module/remove', moduleId: copy.id });
    }
    case 'module/setTitle': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const old = loc.module.title;
      loc.module.title = c.title;
      return done(ctx, { type: 'module/setTitle', moduleId: c.moduleId, title: old });
    }
    case 'module/setType': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const old = loc.module.type;
      loc.module.type = c.moduleType;
      return done(ctx, { type: 'module/setType', moduleId: c.moduleId, moduleType: old });
    }
    case 'module/setDescription': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const old = keep(ctx, loc.module.description);
      loc.module.description = c.description;
      return done(ctx, { type: 'module/setDescription', moduleId: c.moduleId, description: old });
    }
    case 'module/setContent': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const old = keep(ctx, loc.module.content);
      loc.module.content = c.content;
      return done(ctx, { type: 'module/setContent', moduleId: c.moduleId, content: old });
    }
    case 'module/setHint': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const old = keep(ctx, loc.module.hints.solution);
      loc.module.hints.solution = c.solution;
      return done(ctx, { type: 'module/setHint', moduleId: c.moduleId, solution: old });
    }
    case 'module/setCriteria': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const ac = loc.module.additionalCriterions;
      const old: CriteriaPatch = {};
      if (c.patch.taskTypeId !== undefined) {
        old.taskTypeId = ac.taskTypeId;
        ac.taskTypeId = c.patch.taskTypeId;
      }
      if (c.patch.additionalInfo !== undefined) {
        old.additionalInfo = ac.additionalInfo;
        ac.additionalInfo = c.patch.additionalInfo;
      }
      if (c.patch.maxNumbers !== undefined) {
        old.maxNumbers = ac.maxNumbers;
        ac.maxNumbers = c.patch.maxNumbers;
      }
      return done(ctx, { type: 'module/setCriteria', moduleId: c.moduleId, patch: old });
    }
    case 'module/setOptions': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      if (c.options) {
        const why = optionsProblem(c.options);
        if (why) return reject('invalid_payload', why, 'options');
      }
      const newIds = optionIds(c.options);
      const clash = foreignClash(ctx.index, c.moduleId, newIds);
      if (clash !== null)
        return reject('duplicate_id', `id already used: ${clash}`, 'options', { id: clash });
      // Descriptor rows share the module's part ids; an option may not reuse one of them.
      const rowIds = new Set(loc.module.descriptor.descriptorList.map((r) => r.id));
      const rowClash = newIds.find((id) => rowIds.has(id));
      if (rowClash !== undefined)
        return reject('duplicate_id', `id already used: ${rowClash}`, 'options', { id: rowClash });
      const old = keep(ctx, loc.module.options);
      for (const id of optionIds(loc.module.options)) ctx.index.delete(id);
      loc.module.options = own(ctx, c.options);
      for (const id of newIds) ctx.index.set(id, { kind: 'part', moduleId: c.moduleId });
      return done(ctx, { type: 'module/setOptions', moduleId: c.moduleId, options: old });
    }
    case 'module/attach': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      if (!d.assets.some((a) => a.name === c.assetName)) return unknown('assetName', c.assetName);
      const list = loc.module.attachments;
      if (list.includes(c.assetName))
        return reject('conflict', `asset already attached: ${c.assetName}`, 'assetName', {
          id: c.assetName,
        });
      const at = insertAt(c.index, list.length);
      if (isOutcome(at)) return at;
      list.splice(at, 0, c.assetName);
      return done(ctx, { type: 'module/detach', moduleId: c.moduleId, assetName: c.assetName });
    }
    case 'module/detach': {
      const loc = findModule(d, ctx, c.moduleId);
      if (!loc) return unknown('moduleId', c.moduleId);
      const list = loc.module.attachments;
      const at = list.indexOf(c.assetName);
      if (at < 0) return unknown('assetName', c.assetName);
      list.splice(at, 1);
      return done(ctx, {
        type: 'module/attach',
        moduleId: c.moduleId,
        assetName: c.assetName,
        index: at,
      });
    }
    default:
      return c satisfies never;
  }
}
