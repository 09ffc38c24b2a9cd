import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DraftSchema,
  richTextToPlain,
  SCHEMA_VERSION,
  type Draft,
  type Module,
} from '@sabaq/engine';
import { toGift, toMoodleXml, toQtiPackage, type Loss } from '../bank/export.js';
import { importGift } from '../bank/gift.js';
import { importMoodleXml } from '../bank/moodlexml.js';
import { importQti } from '../bank/qti.js';
import { bankToDraft } from './fromBank.js';
import { draftToBank } from './toBank.js';

const RUNS = process.env['CI'] ? 1000 : 100;
const SEED = 20261121;

// Words with Kazakh and Russian letters and the characters XML and HTML must escape. Texts are
// words joined by single spaces: bank formats do not keep runs of spaces (HTML collapses them).
const letters = 'abcxyzАБВабвӘәҒғҚқҢңӨөҰұҮүҺһІі0123456789<>&"\'{}~=#%*-+/';
const word = fc
  .array(fc.constantFrom(...letters), { minLength: 1, maxLength: 8 })
  .map((cs) => cs.join(''));
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
const doc = (s: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: s }] }],
});

const choice = fc.record({
  multiple: fc.boolean(),
  items: fc.array(fc.record({ content: text, right: fc.boolean() }), {
    minLength: 2,
    maxLength: 6,
  }),
});
const select = fc.record({
  items: fc.array(text, { minLength: 2, maxLength: 6 }),
  right: fc.nat(),
});
const connection = fc.record({
  left: fc.array(text, { minLength: 2, maxLength: 5 }),
  right: fc.array(text, { minLength: 2, maxLength: 5 }),
  links: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
});
const moduleSpec = fc.record({
  title: text,
  question: text,
  options: fc.oneof(
    choice.map((c) => ({ kind: 'choice' as const, ...c })),
    select.map((s) => ({ kind: 'select' as const, ...s })),
    connection.map((c) => ({ kind: 'connection' as const, ...c })),
  ),
  descriptor: fc.boolean(),
});

function makeDraft(
  title: string,
  specs: {
    title: string;
    question: string;
    options: { kind: string } & Record<string, unknown>;
    descriptor: boolean;
  }[],
): Draft {
  const modules: Module[] = specs.map((s, i) => {
    const id = `m${i + 1}`;
    const o = s.options as
      | { kind: 'choice'; multiple: boolean; items: { content: string; right: boolean }[] }
      | { kind: 'select'; items: string[]; right: number }
      | { kind: 'connection'; left: string[]; right: string[]; links: [number, number][] };
    let options: Module['options'];
    if (o.kind === 'choice') {
      // A single-answer question has at most one right option (the engine's rule).
      let seen = false;
      const items = o.items.map((it, k) => {
        const right = o.multiple ? it.right : it.right && !seen;
        if (right) seen = true;
        return { id: `${id}-o${k + 1}`, content: it.content, right };
      });
      options = { kind: 'choice', multiple: o.multiple, items };
    } else if (o.kind === 'select') {
      const items = o.items.map((t, k) => ({ id: `${id}-o${k + 1}`, text: t }));
      options = { kind: 'select', items, rightId: items[o.right % items.length]?.id ?? null };
    } else {
      const left = o.left.map((t, k) => ({ id: `${id}-l${k + 1}`, content: t }));
      const right = o.right.map((t, k) => ({ id: `${id}-r${k + 1}`, content: t }));
      const pairs = new Map<string, { left: string; right: string }>();
      for (const [a, b] of o.links) {
        const l = left[a % left.length]?.id ?? '';
        const r = right[b % right.length]?.id ?? '';
        pairs.set(`${l} ${r}`, { left: l, right: r });
      }
      options = { kind: 'connection', left, right, links: [...pairs.values()] };
    }
    return {
      id,
      title: s.title,
      type: 'task',
      description: null,
      content: doc(s.question),
      options,
      hints: { solution: null },
      attachments: [],
      additionalCriterions: {
        taskTypeId: null,
        additionalInfo: '',
        purposes: [],
        maxNumbers: null,
      },
      descriptor: s.descriptor
        ? {
            criterion: 'Критерий',
            descriptorList: [{ id: `${id}-d1`, title: 'Верный ответ', mark: 2 }],
          }
        : { criterion: '', descriptorList: [] },
    };
  });
  return DraftSchema.parse({
    schemaVersion: SCHEMA_VERSION,
    id: 'prop',
    type: 'customLesson',
    title,
    summary: '',
    lang: 'ru',
    discipline: null,
    class: null,
    duration: 40,
    themeTypeId: null,
    speechActivityId: null,
    version: 0,
    pages: [{ id: 'p1', title: 'Страница', expand: true, modules }],
    assets: [],
    purposes: [],
    dictionaries: { skillLevels: [], taskTypes: [], themeTypes: [], speechActivities: [] },
  });
}

/** What QTI must keep: module titles, option texts in order, and the right answers. */
function essence(d: Draft): unknown {
  return d.pages.flatMap((p) =>
    p.modules.map((m) => {
      const o = m.options;
      if (o === null) return [m.title, null];
      if (o.kind === 'choice')
        return [m.title, 'choice', o.multiple, o.items.map((i) => [i.content, i.right])];
      if (o.kind === 'select')
        return [
          m.title,
          'select',
          o.items.map((i) => i.text),
          o.items.findIndex((i) => i.id === o.rightId),
        ];
      const li = new Map(o.left.map((x, i) => [x.id, i]));
      const ri = new Map(o.right.map((x, i) => [x.id, i]));
      return [
        m.title,
        'connection',
        o.left.map((x) => x.content),
        o.right.map((x) => x.content),
        o.links.map((l) => [li.get(l.left), ri.get(l.right)]).sort(),
      ];
    }),
  );
}

function roundTrip(d: Draft): { back: Draft; losses: Loss[] } {
  const losses: Loss[] = [];
  const zip = toQtiPackage(draftToBank(d, 'prop.json', losses), losses);
  const out = importQti(zip, 'prop.zip');
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  expect(out.bank.unsupported).toEqual([]);
  return { back: bankToDraft(out.bank, { lang: 'ru', type: 'customLesson' }), losses };
}

describe('QTI round trip (property)', () => {
  it('import(export(d)) keeps titles, options and right answers; lost descriptors are reported', () => {
    fc.assert(
      fc.property(text, fc.array(moduleSpec, { minLength: 1, maxLength: 6 }), (title, specs) => {
        const d = makeDraft(title, specs);
        const { back, losses } = roundTrip(d);
        expect(essence(back)).toEqual(essence(d));
        // Question texts too (a select without a gap gets one at the end in QTI).
        const texts = (x: Draft) =>
          x.pages.flatMap((p) =>
            p.modules.map((m) => richTextToPlain(m.content).replace(/ ?_____$/, '')),
          );
        expect(texts(back)).toEqual(texts(d));
        const withDescriptor =
          d.pages[0]?.modules
            .filter((m) => m.descriptor.descriptorList.length > 0)
            .map((m) => m.title) ?? [];
        for (const t of withDescriptor)
          expect(losses).toContainEqual({ where: t, what: 'descriptor' });
        if (withDescriptor.length === 0)
          expect(losses.filter((l) => l.what === 'descriptor')).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
  it('regression: texts that look like markup or entities survive (&amp; <b> "quotes")', () => {
    const d = makeDraft('&amp; <b>', [
      {
        title: '"q" & <i>',
        question: 'a < b',
        options: {
          kind: 'choice',
          multiple: false,
          items: [
            { content: '&lt;', right: true },
            { content: "'x'", right: false },
          ],
        },
        descriptor: false,
      },
    ]);
    expect(essence(roundTrip(d).back)).toEqual(essence(d));
  });
});

/**
 * GIFT and Moodle XML hold less than QTI: a matching question pairs each left item with exactly
 * one right item, and right items are plain text known by their text. Drafts are generated
 * within that; right items are compared as a set (the formats list them in pair order).
 */
function restrict(
  specs: {
    title: string;
    question: string;
    options: { kind: string } & Record<string, unknown>;
    descriptor: boolean;
  }[],
) {
  return specs.map((s) => {
    const o = s.options as {
      kind: string;
      multiple?: boolean;
      items?: { content: string; right: boolean }[];
      left?: string[];
      right?: string[];
    };
    if (o.kind === 'choice' && o.multiple === false && o.items && !o.items.some((i) => i.right)) {
      return {
        ...s,
        options: { ...o, items: o.items.map((it, k) => ({ ...it, right: k === 0 })) },
      };
    }
    if (o.kind === 'select') return { ...s, question: `${s.question} _____ ${s.question}` };
    if (o.kind === 'connection' && o.left && o.right) {
      const right = [...new Set(o.right)];
      return {
        ...s,
        options: {
          ...o,
          right,
          links: o.left.map((_, i) => [i, (i * 7) % right.length] as [number, number]),
        },
      };
    }
    return s;
  });
}

function looseEssence(d: Draft): unknown {
  return d.pages.flatMap((p) =>
    p.modules.map((m) => [richTextToPlain(m.content), ...innerEssence(m)]),
  );
}

function innerEssence(m: Module): unknown[] {
  const o = m.options;
  if (o === null) return [m.title, null];
  if (o.kind === 'choice')
    return [m.title, 'choice', o.multiple, o.items.map((i) => [i.content, i.right])];
  if (o.kind === 'select')
    return [
      m.title,
      'select',
      o.items.map((i) => i.text),
      o.items.findIndex((i) => i.id === o.rightId),
    ];
  const text = (items: { id: string; content: string }[], id: string) =>
    items.find((x) => x.id === id)?.content;
  return [
    m.title,
    'connection',
    o.left.map((x) => x.content),
    [...o.right.map((x) => x.content)].sort(),
    o.links.map((l) => [text(o.left, l.left), text(o.right, l.right)]),
  ];
}

/** The draft as a GIFT round trip through Moodle's name cleaning must give it back. */
function giftNames(d: Draft): Draft {
  return {
    ...d,
    pages: d.pages.map((p) => ({
      ...p,
      modules: p.modules.map((m) => ({ ...m, title: m.title.replace(/<[^>]*>/g, '').trim() })),
    })),
  };
}

describe.each(['gift', 'moodle-xml'] as const)('%s round trip (property)', (format) => {
  const gift = (d: Draft): Draft => (format === 'gift' ? giftNames(d) : d);
  it('import(export(d)) keeps titles, options and right answers', () => {
    fc.assert(
      fc.property(text, fc.array(moduleSpec, { minLength: 1, maxLength: 5 }), (title, specs) => {
        const d = makeDraft(title, restrict(specs));
        const losses: Loss[] = [];
        const bundle = draftToBank(d, 'prop.json', losses);
        const out =
          format === 'gift'
            ? importGift(toGift(bundle, losses), 'prop.gift', 'ru')
            : importMoodleXml(toMoodleXml(bundle, losses), 'prop.xml', 'ru');
        if (!out.ok) throw new Error(JSON.stringify(out.errors));
        expect(out.bank.unsupported).toEqual([]);
        const back = bankToDraft(out.bank, { lang: 'ru', type: 'customLesson' });
        // Moodle cleans question names as text (clean_question_name strips tags), and so does our
        // GIFT reader: a title that looks like a tag comes back without it.
        expect(looseEssence(back)).toEqual(looseEssence(gift(d)));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});
