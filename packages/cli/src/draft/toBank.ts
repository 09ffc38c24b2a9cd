/** Engine drafts → neutral questions, for the exporters; what has no place in a bank is a loss. */
import type { Draft, Module } from '@sabaq/engine';
import type { Loss } from '../bank/export.js';
import type { BankQuestion, BankSource } from '../bank/model.js';
import { docToHtml, type PmNode } from '../bank/rich.js';
import { escapeHtml } from '../bank/text.js';
import { GAP_MARK } from './fromBank.js';

function moduleQuestion(m: Module, category: string, file: string, losses: Loss[]): BankQuestion {
  const source: BankSource = { file, line: null, itemId: m.id };
  const where = m.title || m.id;
  const marks = m.descriptor.descriptorList.reduce((a, r) => a + r.mark, 0);
  const points =
    m.additionalCriterions.maxNumbers ?? (m.descriptor.descriptorList.length > 0 ? marks : null);
  if (m.descriptor.criterion !== '' || m.descriptor.descriptorList.length > 0)
    losses.push({ where, what: 'descriptor' });
  if (m.additionalCriterions.purposes.length > 0) losses.push({ where, what: 'purposes' });
  if (m.additionalCriterions.taskTypeId !== null || m.additionalCriterions.additionalInfo !== '')
    losses.push({ where, what: 'criterions' });
  if (m.attachments.length > 0) losses.push({ where, what: 'attachments' });
  if (m.description !== null && (m.description.content?.length ?? 0) > 0)
    losses.push({ where, what: 'description' });
  const solution = m.hints.solution === null ? '' : docToHtml(m.hints.solution as PmNode);
  const base = {
    source,
    title: m.title || m.id,
    stem: docToHtml(m.content as PmNode),
    category,
    generalFeedback: solution === '' ? null : solution,
    hints: [],
    points,
  };
  const o = m.options;
  if (m.type === 'simple' || o === null) return { ...base, kind: 'description' };
  switch (o.kind) {
    case 'choice':
      return {
        ...base,
        kind: 'choice',
        multiple: o.multiple,
        options: o.items.map((it) => ({
          id: it.id,
          html: escapeHtml(it.content),
          correct: it.right,
          fraction: null,
          feedback: null,
        })),
      };
    case 'select': {
      const right = o.rightId === null ? null : o.items.findIndex((it) => it.id === o.rightId);
      const stem = base.stem.includes(GAP_MARK) ? base.stem.replace(GAP_MARK, '[[1]]') : base.stem;
      return {
        ...base,
        stem,
        kind: 'select',
        gaps: [
          {
            options: o.items.map((it) => it.text),
            right: right !== null && right >= 0 ? right : null,
          },
        ],
      };
    }
    case 'connection': {
      const li = new Map(o.left.map((x, i) => [x.id, i]));
      const ri = new Map(o.right.map((x, i) => [x.id, i]));
      return {
        ...base,
        kind: 'connection',
        left: o.left.map((x) => escapeHtml(x.content)),
        right: o.right.map((x) => escapeHtml(x.content)),
        links: o.links.flatMap((l) => {
          const a = li.get(l.left);
          const b = ri.get(l.right);
          return a === undefined || b === undefined ? [] : [{ left: a, right: b, points: null }];
        }),
      };
    }
  }
}

/** The draft's modules as bank questions (page titles as categories), and the draft-level losses. */
export function draftToBank(
  draft: Draft,
  file: string,
  losses: Loss[],
): { title: string; questions: BankQuestion[] } {
  if (draft.purposes.length > 0) losses.push({ where: draft.title, what: 'purposes' });
  if (draft.assets.length > 0) losses.push({ where: draft.title, what: 'assets' });
  if (draft.summary !== '') losses.push({ where: draft.title, what: 'summary' });
  if (
    draft.discipline !== null ||
    draft.class !== null ||
    draft.themeTypeId !== null ||
    draft.speechActivityId !== null
  )
    losses.push({ where: draft.title, what: 'metadata' });
  losses.push({ where: draft.title, what: 'draftType' });
  const questions = draft.pages.flatMap((p) =>
    p.modules.map((m) => moduleQuestion(m, p.title, file, losses)),
  );
  return { title: draft.title, questions };
}
