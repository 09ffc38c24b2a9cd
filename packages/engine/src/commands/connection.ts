/**
 * connection options: left and right items and links between them (the right answer).
 * Rules: links only join existing left and right items, never twice; removing an item removes
 * its links.
 */
import { z } from 'zod';
import { IdSchema, NewIdSchema, TEXT_MAX, type ConnectionOptions, type Draft } from '../model.js';
import {
  done,
  insertAt,
  isOutcome,
  keep,
  moveInArray,
  moveTarget,
  reject,
  unknown,
  type Ctx,
  type Outcome,
} from '../reducer/context.js';
import { isFound, moduleWithOptions } from './options-common.js';

const Index = z.number().int().min(0);
const Side = z.enum(['left', 'right']);

export const connectionCommandSchemas = [
  z.object({
    type: z.literal('connection/addItem'),
    moduleId: IdSchema,
    side: Side,
    itemId: NewIdSchema,
    content: z.string().max(TEXT_MAX),
    index: Index.optional(),
  }),
  z.object({ type: z.literal('connection/removeItem'), moduleId: IdSchema, itemId: IdSchema }),
  z.object({
    type: z.literal('connection/editItem'),
    moduleId: IdSchema,
    itemId: IdSchema,
    content: z.string().max(TEXT_MAX),
  }),
  z.object({
    type: z.literal('connection/moveItem'),
    moduleId: IdSchema,
    itemId: IdSchema,
    toIndex: Index,
  }),
  z.object({
    type: z.literal('connection/link'),
    moduleId: IdSchema,
    leftId: IdSchema,
    rightId: IdSchema,
    index: Index.optional(),
  }),
  z.object({
    type: z.literal('connection/unlink'),
    moduleId: IdSchema,
    leftId: IdSchema,
    rightId: IdSchema,
  }),
] as const;

type ConnectionCommand = z.infer<(typeof connectionCommandSchemas)[number]>;

function locateItem(
  o: ConnectionOptions,
  id: string,
): { list: ConnectionOptions['left']; at: number } | null {
  let at = o.left.findIndex((i) => i.id === id);
  if (at >= 0) return { list: o.left, at };
  at = o.right.findIndex((i) => i.id === id);
  return at >= 0 ? { list: o.right, at } : null;
}

export function handleConnection(d: Draft, c: ConnectionCommand, ctx: Ctx): Outcome {
  const found = moduleWithOptions(d, ctx, c.moduleId, 'connection');
  if (!isFound(found)) return found;
  const o = found.options;
  switch (c.type) {
    case 'connection/addItem': {
      if (ctx.index.has(c.itemId))
        return reject('duplicate_id', `id already used: ${c.itemId}`, 'itemId', { id: c.itemId });
      const list = c.side === 'left' ? o.left : o.right;
      const at = insertAt(c.index, list.length);
      if (isOutcome(at)) return at;
      list.splice(at, 0, { id: c.itemId, content: c.content });
      ctx.index.set(c.itemId, { kind: 'part', moduleId: c.moduleId });
      return done(ctx, { type: 'connection/removeItem', moduleId: c.moduleId, itemId: c.itemId });
    }
    case 'connection/removeItem': {
      const loc = locateItem(o, c.itemId);
      if (!loc) return unknown('itemId', c.itemId);
      const hasLinks = o.links.some((l) => l.left === c.itemId || l.right === c.itemId);
      // With links gone too, only a whole-set restore brings the item and its links back.
      const before = hasLinks ? keep(ctx, o) : null;
      const side = loc.list === o.left ? ('left' as const) : ('right' as const);
      const item = loc.list[loc.at]!;
      const inverse = before
        ? ({ type: 'module/setOptions', moduleId: c.moduleId, options: before } as const)
        : ({
            type: 'connection/addItem',
            moduleId: c.moduleId,
            side,
            itemId: item.id,
            content: item.content,
            index: loc.at,
          } as const);
      loc.list.splice(loc.at, 1);
      if (hasLinks) {
        for (let i = o.links.length - 1; i >= 0; i--) {
          const l = o.links[i]!;
          if (l.left === c.itemId || l.right === c.itemId) o.links.splice(i, 1);
        }
      }
      ctx.index.delete(c.itemId);
      return done(ctx, inverse);
    }
    case 'connection/editItem': {
      const loc = locateItem(o, c.itemId);
      if (!loc) return unknown('itemId', c.itemId);
      const item = loc.list[loc.at]!;
      const old = item.content;
      item.content = c.content;
      return done(ctx, {
        type: 'connection/editItem',
        moduleId: c.moduleId,
        itemId: c.itemId,
        content: old,
      });
    }
    case 'connection/moveItem': {
      const loc = locateItem(o, c.itemId);
      if (!loc) return unknown('itemId', c.itemId);
      const to = moveTarget(c.toIndex, loc.list.length);
      if (isOutcome(to)) return to;
      moveInArray(loc.list, loc.at, to);
      return done(ctx, {
        type: 'connection/moveItem',
        moduleId: c.moduleId,
        itemId: c.itemId,
        toIndex: loc.at,
      });
    }
    case 'connection/link': {
      if (!o.left.some((i) => i.id === c.leftId)) return unknown('leftId', c.leftId);
      if (!o.right.some((i) => i.id === c.rightId)) return unknown('rightId', c.rightId);
      if (o.links.some((l) => l.left === c.leftId && l.right === c.rightId))
        return reject('conflict', 'these items are already linked', 'rightId', {
          left: c.leftId,
          right: c.rightId,
        });
      const at = insertAt(c.index, o.links.length);
      if (isOutcome(at)) return at;
      o.links.splice(at, 0, { left: c.leftId, right: c.rightId });
      return done(ctx, {
        type: 'connection/unlink',
        moduleId: c.moduleId,
        leftId: c.leftId,
        rightId: c.rightId,
      });
    }
    case 'connection/unlink': {
      const at = o.links.findIndex((l) => l.left === c.leftId && l.right === c.rightId);
      if (at < 0)
        return reject('unknown_id', 'no such link', 'rightId', {
          left: c.leftId,
          right: c.rightId,
        });
      o.links.splice(at, 1);
      return done(ctx, {
        type: 'connection/link',
        moduleId: c.moduleId,
        leftId: c.leftId,
        rightId: c.rightId,
        index: at,
      });
    }
    default:
      return c satisfies never;
  }
}
