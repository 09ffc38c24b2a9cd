/** Descriptors of a module (SOR/SOCh assessment): the criterion and its rows (title, mark).
 * Marks are any finite number while editing; `validateDraft` insists on positive integers. */
import { z } from 'zod';
import { IdSchema, NewIdSchema, TEXT_MAX, type Draft } from '../model.js';
import {
  done,
  findModule,
  insertAt,
  isOutcome,
  moveInArray,
  moveTarget,
  reject,
  unknown,
  type Ctx,
  type Outcome,
} from '../reducer/context.js';

const Index = z.number().int().min(0);

export const descriptorCommandSchemas = [
  z.object({
    type: z.literal('descriptor/setCriterion'),
    moduleId: IdSchema,
    criterion: z.string().max(TEXT_MAX),
  }),
  z.object({
    type: z.literal('descriptor/addRow'),
    moduleId: IdSchema,
    rowId: NewIdSchema,
    title: z.string().max(TEXT_MAX),
    mark: z.number(),
    index: Index.optional(),
  }),
  z.object({ type: z.literal('descriptor/removeRow'), moduleId: IdSchema, rowId: IdSchema }),
  z.object({
    type: z.literal('descriptor/editRow'),
    moduleId: IdSchema,
    rowId: IdSchema,
    title: z.string().max(TEXT_MAX).optional(),
    mark: z.number().optional(),
  }),
  z.object({
    type: z.literal('descriptor/moveRow'),
    moduleId: IdSchema,
    rowId: IdSchema,
    toIndex: Index,
  }),
] as const;

type DescriptorCommand = z.infer<(typeof descriptorCommandSchemas)[number]>;

export function handleDescriptor(d: Draft, c: DescriptorCommand, ctx: Ctx): Outcome {
  const loc = findModule(d, ctx, c.moduleId);
  if (!loc) return unknown('moduleId', c.moduleId);
  const desc = loc.module.descriptor;
  const rows = desc.descriptorList;
  switch (c.type) {
    case 'descriptor/setCriterion': {
      const old = desc.criterion;
      desc.criterion = c.criterion;
      return done(ctx, { type: 'descriptor/setCriterion', moduleId: c.moduleId, criterion: old });
    }
    case 'descriptor/addRow': {
      if (ctx.index.has(c.rowId))
        return reject('duplicate_id', `id already used: ${c.rowId}`, 'rowId', { id: c.rowId });
      const at = insertAt(c.index, rows.length);
      if (isOutcome(at)) return at;
      rows.splice(at, 0, { id: c.rowId, title: c.title, mark: c.mark });
      ctx.index.set(c.rowId, { kind: 'part', moduleId: c.moduleId });
      return done(ctx, { type: 'descriptor/removeRow', moduleId: c.moduleId, rowId: c.rowId });
    }
    case 'descriptor/removeRow': {
      const at = rows.findIndex((r) => r.id === c.rowId);
      if (at < 0) return unknown('rowId', c.rowId);
      const row = rows[at]!;
      const inverse = {
        type: 'descriptor/addRow' as const,
        moduleId: c.moduleId,
        rowId: row.id,
        title: row.title,
        mark: row.mark,
        index: at,
      };
      rows.splice(at, 1);
      ctx.index.delete(c.rowId);
      return done(ctx, inverse);
    }
    case 'descriptor/editRow': {
      const row = rows.find((r) => r.id === c.rowId);
      if (!row) return unknown('rowId', c.rowId);
      const old: { title?: string; mark?: number } = {};
      if (c.title !== undefined) {
        old.title = row.title;
        row.title = c.title;
      }
      if (c.mark !== undefined) {
        old.mark = row.mark;
        row.mark = c.mark;
      }
      return done(ctx, {
        type: 'descriptor/editRow',
        moduleId: c.moduleId,
        rowId: c.rowId,
        ...old,
      });
    }
    case 'descriptor/moveRow': {
      const from = rows.findIndex((r) => r.id === c.rowId);
      if (from < 0) return unknown('rowId', c.rowId);
      const to = moveTarget(c.toIndex, rows.length);
      if (isOutcome(to)) return to;
      moveInArray(rows, from, to);
      return done(ctx, {
        type: 'descriptor/moveRow',
        moduleId: c.moduleId,
        rowId: c.rowId,
        toIndex: from,
      });
    }
    default:
      return c satisfies never;
  }
}
