/** Neutral questions → engine drafts (one draft per bank file; one page per category). */
import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import {
  createDraft,
  DraftSchema,
  type Draft,
  type DraftType,
  type Lang,
  type Module,
  type Page,
  type RichText,
} from '@sabaq/engine';
import type { BankImport, BankQuestion } from '../bank/model.js';
import { htmlToDoc, type PmNode } from '../bank/rich.js';
import { htmlToText } from '../bank/text.js';
import { truncate } from '../bank/gift.js';

/** Text limits of the draft schema (model.ts TEXT_MAX); longer bank text is cut with an ellipsis. */
const TEXT_MAX = 2000;

const RIGHT_ANSWER = { kz: 'Дұрыс жауап береді', ru: 'Даёт правильный ответ' } as const;
const GAP_MARK = '_____';

export interface DraftOptions {
  readonly lang: Lang;
  readonly type: DraftType;
  /** Draft title; defaults to the bank file's name. */
  readonly title?: string;
  /** Draft id; defaults to one derived from the file path (stable across runs). */
  readonly id?: string;
}

/** A stable, schema-safe id from a path: readable slug plus a short hash against collisions. */
export function draftIdFor(file: string): string {
  const slug = basename(file, extname(file))
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const hash = createHash('sha1').update(file).digest('hex').slice(0, 8);
  return `${slug || 'bank'}-${hash}`;
}

function doc(html: string): RichText {
  return htmlToDoc(html) as RichText;
}

function solution(q: BankQuestion): RichText | null {
  const parts: PmNode[] = [];
  for (const h of [q.generalFeedback, ...q.hints])
    if (h !== null && h.trim() !== '') parts.push(...(htmlToDoc(h).content ?? []));
  if (q.kind === 'choice') {
    for (const o of q.options) {
      if (o.feedback === null) continue;
      const fb = htmlToText(o.feedback);
      if (fb !== '')
        parts.push({
          type: 'paragraph',
          content: [{ type: 'text', text: `${htmlToText(o.html)}: ${fb}` }],
        });
    }
  }
  return parts.length === 0 ? null : ({ type: 'doc', content: parts } as RichText);
}

const text = (html: string): string => truncate(htmlToText(html), TEXT_MAX);

function baseModule(id: string, q: BankQuestion, lang: Lang, type: Module['type']): Module {
  // Descriptor marks are positive whole numbers. Per-pair rows only when every pair's points
  // already are; otherwise one row for the question, its points rounded (at least 1).
  const perLink =
    q.kind === 'connection' &&
    q.links.length > 0 &&
    q.links.every((l) => l.points !== null && Number.isInteger(l.points) && l.points > 0);
  const rows =
    q.kind === 'connection' && perLink
      ? q.links.map((l, i) => ({
          id: `${id}-d${i + 1}`,
          title: truncate(
            `${htmlToText(q.left[l.left] ?? '')} — ${htmlToText(q.right[l.right] ?? '')}`,
            TEXT_MAX,
          ),
          mark: l.points ?? 1,
        }))
      : q.points !== null && q.points > 0
        ? [{ id: `${id}-d1`, title: RIGHT_ANSWER[lang], mark: Math.max(1, Math.round(q.points)) }]
        : [];
  return {
    id,
    title: truncate(q.title, TEXT_MAX),
    type,
    description: null,
    content: doc(q.stem),
    options: null,
    hints: { solution: solution(q) },
    attachments: [],
    additionalCriterions: { taskTypeId: null, additionalInfo: '', purposes: [], maxNumbers: null },
    descriptor: {
      criterion: rows.length > 0 ? truncate(q.title, TEXT_MAX) : '',
      descriptorList: rows,
    },
  };
}

/** Modules for one question: a select with several gaps becomes one select module per gap. */
export function questionModules(q: BankQuestion, id: string, lang: Lang): Module[] {
  switch (q.kind) {
    case 'description':
      return [baseModule(id, q, lang, 'simple')];
    case 'choice':
      return [
        {
          ...baseModule(id, q, lang, 'task'),
          options: {
            kind: 'choice',
            multiple: q.multiple,
            items: q.options.map((o, i) => ({
              id: `${id}-o${i + 1}`,
              content: text(o.html),
              right: o.correct,
            })),
          },
        },
      ];
    case 'select':
      return q.gaps.map((g, gi) => {
        const mid = q.gaps.length === 1 ? id : `${id}-g${gi + 1}`;
        // The gap this module asks about is shown as a blank; the others as an ellipsis.
        const stem = q.stem.replace(/\[\[(\d+)\]\]/g, (_, n: string) =>
          Number(n) === gi + 1 ? GAP_MARK : '…',
        );
        const items = g.options.map((o, i) => ({
          id: `${mid}-o${i + 1}`,
          text: truncate(o, TEXT_MAX),
        }));
        const m = baseModule(
          mid,
          { ...q, stem, title: q.gaps.length === 1 ? q.title : `${q.title} (${gi + 1})` },
          lang,
          'task',
        );
        return {
          ...m,
          options: {
            kind: 'select',
            items,
            rightId: g.right === null ? null : (items[g.right]?.id ?? null),
          },
        };
      });
    case 'connection': {
      const left = q.left.map((c, i) => ({ id: `${id}-l${i + 1}`, content: text(c) }));
      const right = q.right.map((c, i) => ({ id: `${id}-r${i + 1}`, content: text(c) }));
      const links = q.links.flatMap((l) => {
        const a = left[l.left];
        const b = right[l.right];
        return a === undefined || b === undefined ? [] : [{ left: a.id, right: b.id }];
      });
      return [
        { ...baseModule(id, q, lang, 'task'), options: { kind: 'connection', left, right, links } },
      ];
    }
  }
}

/** Builds a draft from an imported bank; the result passes DraftSchema (checked). */
export function bankToDraft(bank: BankImport, opts: DraftOptions): Draft {
  const pages: Page[] = [];
  const byCategory = new Map<string, Page>();
  const fileTitle = basename(bank.file, extname(bank.file));
  bank.questions.forEach((q, i) => {
    const key = q.category ?? '';
    let page = byCategory.get(key);
    if (page === undefined) {
      page = {
        id: `p${pages.length + 1}`,
        title: truncate(q.category ?? fileTitle, TEXT_MAX),
        expand: true,
        modules: [],
      };
      byCategory.set(key, page);
      pages.push(page);
    }
    page.modules.push(...questionModules(q, `m${i + 1}`, opts.lang));
  });
  // createDraft gives the current schema version and the spec's defaults (duration 40, …).
  const draft: Draft = {
    ...createDraft({
      id: opts.id ?? draftIdFor(bank.file),
      type: opts.type,
      title: truncate(opts.title ?? fileTitle, TEXT_MAX),
      lang: opts.lang,
    }),
    pages,
  };
  return DraftSchema.parse(draft);
}

export { GAP_MARK };
