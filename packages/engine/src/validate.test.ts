import { describe, expect, it } from 'vitest';
import { problemMessage, rejectionMessage } from './messages.js';
import { REJECTION_CODES } from './reducer/context.js';
import { blank, run } from './test/harness.js';
import { completeSor } from './test/samples.js';
import { PROBLEM_CODES, validateDraft, type Problem } from './validate.js';

const codes = (ps: Problem[]) => ps.map((p) => `${p.path} ${p.code}`);

describe('validateDraft', () => {
  it('a complete SOR has no problems', () => {
    expect(validateDraft(completeSor())).toEqual([]);
  });

  it('an empty draft: no title, no modules', () => {
    const d = run(blank('lesson'), { type: 'draft/setMeta', patch: { title: '  ' } });
    expect(codes(validateDraft(d))).toEqual(['title title_empty', 'pages no_modules']);
  });

  it('tasks: no options, too few, empty, no right answer, connection without links', () => {
    const d = run(
      blank('lesson'),
      { type: 'page/add', pageId: 'p1' },
      { type: 'module/add', pageId: 'p1', moduleId: 'a', moduleType: 'task' },
      { type: 'module/add', pageId: 'p1', moduleId: 'b', moduleType: 'task', title: 'B' },
      {
        type: 'module/setOptions',
        moduleId: 'b',
        options: { kind: 'select', items: [{ id: 'b1', text: ' ' }], rightId: 'b1' },
      },
      { type: 'module/add', pageId: 'p1', moduleId: 'c', moduleType: 'task', title: 'C' },
      {
        type: 'module/setOptions',
        moduleId: 'c',
        options: {
          kind: 'choice',
          multiple: false,
          items: [
            { id: 'c1', content: 'x', right: false },
            { id: 'c2', content: 'y', right: false },
          ],
        },
      },
      { type: 'module/add', pageId: 'p1', moduleId: 'e', moduleType: 'task', title: 'E' },
      {
        type: 'module/setOptions',
        moduleId: 'e',
        options: {
          kind: 'connection',
          left: [{ id: 'l', content: 'a' }],
          right: [{ id: 'r', content: 'b' }],
          links: [],
        },
      },
      { type: 'descriptor/addRow', moduleId: 'e', rowId: 'm0', title: 'x', mark: 0 },
      { type: 'descriptor/addRow', moduleId: 'e', rowId: 'm1', title: 'y', mark: 1.5 },
      { type: 'module/add', pageId: 'p1', moduleId: 's', moduleType: 'simple' },
    );
    expect(codes(validateDraft(d))).toEqual([
      'pages.0.modules.0.content task_without_question',
      'pages.0.modules.0.options task_without_options',
      'pages.0.modules.1.options select_too_few_options',
      'pages.0.modules.1.options.items.0 option_empty',
      'pages.0.modules.2.options task_without_right_answer',
      'pages.0.modules.3.options connection_too_few_items',
      'pages.0.modules.3.options.links connection_without_links',
      'pages.0.modules.3.descriptor.descriptorList.0.mark mark_invalid',
      'pages.0.modules.3.descriptor.descriptorList.1.mark mark_invalid',
    ]);
    expect(validateDraft(d)[2]!.params).toEqual({ number: 2, min: 2, count: 1 });
  });

  it("a task whose question is the editor's empty field, or blanks, has no question", () => {
    const task = (moduleId: string, content: unknown) => [
      { type: 'module/add', pageId: 'p1', moduleId, moduleType: 'task' },
      { type: 'module/setContent', moduleId, content },
      {
        type: 'module/setOptions',
        moduleId,
        options: {
          kind: 'select',
          items: [
            { id: `${moduleId}1`, text: 'a' },
            { id: `${moduleId}2`, text: 'b' },
          ],
          rightId: `${moduleId}1`,
        },
      },
    ];
    const d = run(
      blank('sor'),
      { type: 'page/add', pageId: 'p1' },
      ...(task('empty', { type: 'doc', content: [{ type: 'paragraph' }] }) as never[]),
      ...(task('blank', {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: '   ' }] },
          { type: 'hardBreak' },
        ],
      }) as never[]),
      ...(task('image', {
        type: 'doc',
        content: [{ type: 'image', attrs: { src: '/api/v2/os/files/x.png' } }],
      }) as never[]),
      ...(task('text', {
        type: 'doc',
        content: [
          {
            type: 'bulletList',
            content: [
              {
                type: 'listItem',
                content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Абай' }] }],
              },
            ],
          },
        ],
      }) as never[]),
    );
    const missing = validateDraft(d).filter((p) => p.code === 'task_without_question');
    expect(missing.map((p) => [p.path, p.params.number])).toEqual([
      ['pages.0.modules.0.content', 1],
      ['pages.0.modules.1.content', 2],
    ]);
  });

  it('SOR/SOCh need purposes and descriptors; durations stay in range', () => {
    const d = run(
      completeSor(),
      { type: 'draft/setMeta', patch: { type: 'soch' } },
      { type: 'purpose/remove', purposeId: 'g1' },
      { type: 'descriptor/removeRow', moduleId: 'm1', rowId: 'd1' },
      { type: 'descriptor/setCriterion', moduleId: 'm2', criterion: '' },
    );
    expect(codes(validateDraft(d))).toEqual([
      'purposes purposes_missing',
      'pages.0.modules.0.descriptor.descriptorList descriptors_missing',
      'pages.0.modules.0.additionalCriterions.purposes module_purposes_missing',
      'pages.0.modules.1.descriptor.criterion criterion_empty',
      'pages.0.modules.1.additionalCriterions.purposes module_purposes_missing',
    ]);
    // The same draft as a plain lesson needs neither.
    expect(validateDraft(run(d, { type: 'draft/setMeta', patch: { type: 'lesson' } }))).toEqual([]);
    const broken = { ...completeSor(), duration: 0 };
    expect(codes(validateDraft(broken))).toEqual(['duration duration_out_of_range']);
  });

  it('checks references against loaded dictionaries only', () => {
    let d = run(completeSor(), {
      type: 'module/setCriteria',
      moduleId: 'm1',
      patch: { taskTypeId: 'tt9' },
    });
    expect(validateDraft(d)).toEqual([]);
    d = run(d, {
      type: 'draft/setDictionary',
      dictionary: 'taskTypes',
      entries: [{ id: 'tt1', title: 'Таңдау' }],
    });
    expect(validateDraft(d)).toEqual([
      {
        path: 'pages.0.modules.0.additionalCriterions.taskTypeId',
        code: 'unknown_reference',
        params: { dictionary: 'taskTypes', id: 'tt9' },
      },
    ]);
  });
});

describe('messages', () => {
  it('every problem code has a Kazakh and a Russian message with params filled in', () => {
    for (const code of PROBLEM_CODES) {
      const p: Problem = {
        path: 'x',
        code,
        params: { number: 3, min: 2, max: 240, count: 1, position: 2, mark: 0, id: 'q', value: 0 },
      };
      const kz = problemMessage(p, 'kz');
      const ru = problemMessage(p, 'ru');
      expect(kz).not.toBe(ru);
      expect(kz).not.toMatch(/[{}]/);
      expect(ru).not.toMatch(/[{}]/);
      expect(ru).toMatch(/[а-яё]/i);
    }
    const sample = validateDraft(
      run(blank('sor'), { type: 'draft/setMeta', patch: { title: '' } }),
    );
    expect(sample.map((p) => problemMessage(p, 'kz'))).toEqual([
      'Атауын енгізіңіз.',
      'Оқу мақсаттарын қосыңыз.',
      'Кемінде бір модуль қосыңыз.',
    ]);
    expect(sample.map((p) => problemMessage(p, 'ru'))).toEqual([
      'Укажите название.',
      'Добавьте цели обучения.',
      'Добавьте хотя бы один модуль.',
    ]);
  });

  it('Kazakh messages use Kazakh letters; rejections have both languages', () => {
    const kzLetters = /[әғқңөұүһі]/i;
    expect(
      PROBLEM_CODES.filter(
        (code) => !kzLetters.test(problemMessage({ path: '', code, params: {} }, 'kz')),
      ),
    ).toEqual([]);
    for (const code of REJECTION_CODES) {
      expect(rejectionMessage({ code, message: '' }, 'kz')).not.toBe(
        rejectionMessage({ code, message: '' }, 'ru'),
      );
    }
  });
});
