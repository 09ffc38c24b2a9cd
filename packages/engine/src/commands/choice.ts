/**
 * choice options: content and a right flag each; single (at most one right) or multiple.
 * Rules: in single mode setting an option right clears the previous one; switching to single
 * keeps only the first right option.
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

export const choiceCommandSchemas = [
  z.object({
    type: z.literal('choice/addOption'),
    moduleId: IdSchema,
    optionId: NewIdSchema,
    content: z.string().max(TEXT_MAX),
    right: z.boolean().default(false),
    index: Index.optional(),
  }),
  z.object({ type: z.literal('choice/removeOption'), moduleId: IdSchema, optionId: IdSchema }),
  z.object({
    type: z.literal('choice/editOption'),
    moduleId: IdSchema,
    optionId: IdSchema,
    content: z.string().max(TEXT_MAX),
  }),
  z.object({
    type: z.literal('choice/moveOption'),
    moduleId: IdSchema,
    optionId: IdSchema,
    toIndex: Index,
  }),
  z.object({
    type: z.literal('choice/setRight'),
    moduleId: IdSchema,
    optionId: IdSchema,
    right: z.boolean(),
  }),
  z.object({ type: z.literal('choice/setMultiple'), moduleId: IdSchema, multiple: z.boolean() }),
] as const;

type ChoiceCommand = z.infer<(typeof choiceCommandSchemas)[number]>;

export function handleChoice(d: Draft, c: ChoiceCommand, ctx: Ctx): Outcome {
  const found = moduleWithOptions(d, ctx, c.moduleId, 'choice');
  if (!isFound(found)) return found;
  const o = found.options;
  switch (c.type) {
    case 'choice/addOption': {
      if (ctx.index.has(c.optionId))
        return reject('duplicate_id', `id already used: ${c.optionId}`, 'optionId', {
          id: c.optionId,
        });
      const at = insertAt(c.index, o.items.length);
      if (isOutcome(at)) return at;
      const clears = c.right && !o.multiple && o.items.some((i) => i.right);
      const before = clears ? keep(ctx, o) : null;
      if (clears) for (const i of o.items) i.right = false;
      o.items.splice(at, 0, { id: c.optionId, content: c.content, right: c.right });
      ctx.index.set(c.optionId, { kind: 'part', moduleId: c.moduleId });
      if (before)
        return done(ctx, { type: 'module/setOptions', moduleId: c.moduleId, options: before });
      return done(ctx, { type: 'choice/removeOption', moduleId: c.moduleId, optionId: c.optionId });
    }
    case 'choice/removeOption': {
      const at = o.items.findIndex((i) => i.id === c.optionId);
      if (at < 0) return unknown('optionId', c.optionId);
      const removed = o.items[at]!;
      const inverse = {
        type: 'choice/addOption' as const,
        moduleId: c.moduleId,
        optionId: removed.id,
        content: removed.content,
        right: removed.right,
        index: at,
      };
      o.items.splice(at, 1);
      ctx.index.delete(c.optionId);
      return done(ctx, inverse);
    }
    case 'choice/editOption': {
      const item = o.items.find((i) => i.id === c.optionId);
      if (!item) return unknown('optionId', c.optionId);
      const old = item.content;
      item.content = c.content;
      return done(ctx, {
        type: 'choice/editOption',
        moduleId: c.moduleId,
        optionId: c.optionId,
        content: old,
      });
    }
    case 'choice/moveOption': {
      const from = o.items.findIndex((i) => i.id === c.optionId);
      if (from < 0) return unknown('optionId', c.optionId);
      const to = moveTarget(c.toIndex, o.items.length);
      if (isOutcome(to)) return to;
      moveInArray(o.items, from, to);
      return done(ctx, {
        type: 'choice/moveOption',
        moduleId: c.moduleId,
        optionId: c.optionId,
        toIndex: from,
      });
    }
    case 'choice/setRight': {
      const item = o.items.find((i) => i.id === c.optionId);
      if (!item) return unknown('optionId', c.optionId);
      const clears = c.right && !o.multiple && o.items.some((i) => i.right && i.id !== c.optionId);
      if (clears) {
        const before = keep(ctx, o);
        for (const i of o.items) i.right = i.id === c.optionId;
        return done(ctx, { type: 'module/setOptions', moduleId: c.moduleId, options: before });
      }
      const old = item.right;
      item.right = c.right;
      return done(ctx, {
        type: 'choice/setRight',
        moduleId: c.moduleId,
        optionId: c.optionId,
        right: old,
      });
    }
    case 'choice/setMultiple': {
      const rights = o.items.filter((i) => i.right).length;
      if (!c.multiple && rights > 1) {
        const before = keep(ctx, o);
        let first = true;
        for (const i of o.items) {
          if (i.right && !first) i.right = false;
          if (i.right) first = false;
        }
        o.multiple = false;
        return done(ctx, { type: 'module/setOptions', moduleId: c.moduleId, options: before });
      }
      const old = o.multiple;
      o.multiple = c.multiple;
      return done(ctx, { type: 'choice/setMultiple', moduleId: c.moduleId, multiple: old });
    }
    default:
      return c satisfies never;
  }
}
