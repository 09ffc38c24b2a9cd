/**
 * select options: string options with exactly one right option while there is any.
 * Rules (spec §4): the first option added becomes right; deleting the right option makes the
 * (new) first option right; deleting any other option keeps the same option right; reordering
 * keeps the right option (the right answer follows the option, not the position).
 */
import { z } from 'zod';
import { IdSchema, NewIdSchema, TEXT_MAX, type Draft } from '../model.js';
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

export const selectCommandSchemas = [
  z.object({
    type: z.literal('select/addOption'),
    moduleId: IdSchema,
    optionId: NewIdSchema,
    text: z.string().max(TEXT_MAX),
    index: Index.optional(),
    /** Make it the right option (undo of removing the right option uses this). */
    right: z.boolean().optional(),
  }),
  z.object({ type: z.literal('select/removeOption'), moduleId: IdSchema, optionId: IdSchema }),
  z.object({
    type: z.literal('select/editOption'),
    moduleId: IdSchema,
    optionId: IdSchema,
    text: z.string().max(TEXT_MAX),
  }),
  z.object({
    type: z.literal('select/moveOption'),
    moduleId: IdSchema,
    optionId: IdSchema,
    toIndex: Index,
  }),
  z.object({ type: z.literal('select/setRight'), moduleId: IdSchema, optionId: IdSchema }),
] as const;

type SelectCommand = z.infer<(typeof selectCommandSchemas)[number]>;

export function handleSelect(d: Draft, c: SelectCommand, ctx: Ctx): Outcome {
  const found = moduleWithOptions(d, ctx, c.moduleId, 'select');
  if (!isFound(found)) return found;
  const o = found.options;
  switch (c.type) {
    case 'select/addOption': {
      if (ctx.index.has(c.optionId))
        return reject('duplicate_id', `id already used: ${c.optionId}`, 'optionId', {
          id: c.optionId,
        });
      const at = insertAt(c.index, o.items.length);
      if (isOutcome(at)) return at;
      // Taking the right flag from another option: only a whole-set restore undoes both halves.
      const displaced = c.right === true && o.rightId !== null ? keep(ctx, o) : null;
      o.items.splice(at, 0, { id: c.optionId, text: c.text });
      if (c.right === true || o.rightId === null) o.rightId = c.optionId;
      ctx.index.set(c.optionId, { kind: 'part', moduleId: c.moduleId });
      if (displaced)
        return done(ctx, { type: 'module/setOptions', moduleId: c.moduleId, options: displaced });
      return done(ctx, { type: 'select/removeOption', moduleId: c.moduleId, optionId: c.optionId });
    }
    case 'select/removeOption': {
      const at = o.items.findIndex((i) => i.id === c.optionId);
      if (at < 0) return unknown('optionId', c.optionId);
      const removed = o.items[at]!;
      const wasRight = o.rightId === c.optionId;
      o.items.splice(at, 1);
      if (wasRight) o.rightId = o.items[0]?.id ?? null;
      ctx.index.delete(c.optionId);
      return done(ctx, {
        type: 'select/addOption',
        moduleId: c.moduleId,
        optionId: removed.id,
        text: removed.text,
        index: at,
        right: wasRight,
      });
    }
    case 'select/editOption': {
      const item = o.items.find((i) => i.id === c.optionId);
      if (!item) return unknown('optionId', c.optionId);
      const old = item.text;
      item.text = c.text;
      return done(ctx, {
        type: 'select/editOption',
        moduleId: c.moduleId,
        optionId: c.optionId,
        text: old,
      });
    }
    case 'select/moveOption': {
      const from = o.items.findIndex((i) => i.id === c.optionId);
      if (from < 0) return unknown('optionId', c.optionId);
      const to = moveTarget(c.toIndex, o.items.length);
      if (isOutcome(to)) return to;
      moveInArray(o.items, from, to);
      return done(ctx, {
        type: 'select/moveOption',
        moduleId: c.moduleId,
        optionId: c.optionId,
        toIndex: from,
      });
    }
    case 'select/setRight': {
      if (!o.items.some((i) => i.id === c.optionId)) return unknown('optionId', c.optionId);
      const old = o.rightId!;
      o.rightId = c.optionId;
      return done(ctx, { type: 'select/setRight', moduleId: c.moduleId, optionId: old });
    }
    default:
      return c satisfies never;
  }
}
