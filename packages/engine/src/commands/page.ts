/** Pages: add, remove (and its inverse insert), rename, move, expand/collapse. */
import { z } from 'zod';
import { NewIdSchema, IdSchema, PageSchema, TEXT_MAX, type Draft } from '../model.js';
import {
  collidingIds,
  done,
  findPage,
  indexModule,
  insertAt,
  isOutcome,
  keep,
  moduleNestedIds,
  moveInArray,
  moveTarget,
  reject,
  unindexModule,
  unknown,
  type Ctx,
  type Outcome,
  own,
} from '../reducer/context.js';
import { moduleRefProblem, type ModuleLike } from './module-refs.js';

const Index = z.number().int().min(0);

export const pageCommandSchemas = [
  z.object({
    type: z.literal('page/add'),
    pageId: NewIdSchema,
    title: z.string().max(TEXT_MAX).default(''),
    index: Index.optional(),
  }),
  z.object({ type: z.literal('page/remove'), pageId: IdSchema }),
  /** Puts a whole page back (the inverse of page/remove; also used by importers). */
  z.object({ type: z.literal('page/insert'), index: Index, page: PageSchema }),
  z.object({ type: z.literal('page/rename'), pageId: IdSchema, title: z.string().max(TEXT_MAX) }),
  z.object({ type: z.literal('page/move'), pageId: IdSchema, toIndex: Index }),
  z.object({ type: z.literal('page/setExpand'), pageId: IdSchema, expand: z.boolean() }),
] as const;

type PageCommand = z.infer<(typeof pageCommandSchemas)[number]>;

export function handlePage(d: Draft, c: PageCommand, ctx: Ctx): Outcome {
  switch (c.type) {
    case 'page/add': {
      if (ctx.index.has(c.pageId))
        return reject('duplicate_id', `id already used: ${c.pageId}`, 'pageId', { id: c.pageId });
      const at = insertAt(c.index, d.pages.length);
      if (isOutcome(at)) return at;
      d.pages.splice(at, 0, { id: c.pageId, title: c.title, expand: true, modules: [] });
      ctx.index.set(c.pageId, { kind: 'page' });
      return done(ctx, { type: 'page/remove', pageId: c.pageId });
    }
    case 'page/insert': {
      const at = insertAt(c.index, d.pages.length);
      if (isOutcome(at)) return at;
      const ids = [c.page.id];
      for (const m of c.page.modules) ids.push(m.id, ...moduleNestedIds(m));
      const clash = collidingIds(ctx.index, ids);
      if (clash !== null)
        return reject('duplicate_id', `id already used: ${clash}`, 'page', { id: clash });
      const problem = pageRefProblem(d, c.page);
      if (problem) return problem;
      const page = own(ctx, c.page);
      d.pages.splice(at, 0, page);
      ctx.index.set(page.id, { kind: 'page' });
      for (const m of page.modules) indexModule(ctx.index, m, page.id);
      return done(ctx, { type: 'page/remove', pageId: c.page.id });
    }
    case 'page/remove': {
      const p = findPage(d, ctx, c.pageId);
      if (!p) return unknown('pageId', c.pageId);
      const page = keep(ctx, p.page);
      for (const m of p.page.modules) unindexModule(ctx.index, m);
      ctx.index.delete(c.pageId);
      d.pages.splice(p.at, 1);
      return done(ctx, { type: 'page/insert', index: p.at, page });
    }
    case 'page/rename': {
      const p = findPage(d, ctx, c.pageId);
      if (!p) return unknown('pageId', c.pageId);
      const old = p.page.title;
      p.page.title = c.title;
      return done(ctx, { type: 'page/rename', pageId: c.pageId, title: old });
    }
    case 'page/move': {
      const p = findPage(d, ctx, c.pageId);
      if (!p) return unknown('pageId', c.pageId);
      const to = moveTarget(c.toIndex, d.pages.length);
      if (isOutcome(to)) return to;
      moveInArray(d.pages, p.at, to);
      return done(ctx, { type: 'page/move', pageId: c.pageId, toIndex: p.at });
    }
    case 'page/setExpand': {
      const p = findPage(d, ctx, c.pageId);
      if (!p) return unknown('pageId', c.pageId);
      const old = p.page.expand;
      p.page.expand = c.expand;
      return done(ctx, { type: 'page/setExpand', pageId: c.pageId, expand: old });
    }
    default:
      return c satisfies never;
  }
}

/** A page or module coming back whole must keep the draft's references valid: purposes and
 * assets it points at must exist (they may have been removed since), and its options must be
 * internally consistent. */
export function pageRefProblem(d: Draft, page: { modules: readonly ModuleLike[] }): Outcome | null {
  for (const m of page.modules) {
    const p = moduleRefProblem(d, m);
    if (p) return p;
  }
  return null;
}
