/**
 * `validateDraft(draft)`: what stops a draft from being published, as problems with a path into
 * the draft (`pages.0.modules.2.options`), a code and params for the message. The reducer lets
 * people pass through incomplete states while editing; publishing needs these fixed.
 */
import type { Dictionaries, DictionaryName, Draft } from './model.js';
import { DURATION_LIMITS, hasRichContent } from './model.js';
import { moduleNumbers } from './numbering.js';

export const PROBLEM_CODES = [
  'title_empty',
  'duration_out_of_range',
  'no_modules',
  'task_without_question',
  'task_without_options',
  'select_too_few_options',
  'choice_too_few_options',
  'option_empty',
  'task_without_right_answer',
  'connection_too_few_items',
  'connection_without_links',
  'mark_invalid',
  'descriptor_title_empty',
  'descriptors_missing',
  'criterion_empty',
  'purposes_missing',
  'module_purposes_missing',
  'max_numbers_invalid',
  'purpose_title_empty',
  'unknown_reference',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export interface Problem {
  path: string;
  code: ProblemCode;
  params: Record<string, string | number | null>;
}

/** Minimum options of select and choice tasks; minimum items per connection column. */
export const MIN_OPTIONS = 2;
export const MIN_CONNECTION_ITEMS = 2;

/** Draft types graded with descriptors and learning purposes (summative assessments). */
export const ASSESSMENT_TYPES: ReadonlySet<Draft['type']> = new Set(['sor', 'soch']);

function isPositiveInt(n: number): boolean {
  return Number.isInteger(n) && n > 0;
}

export function validateDraft(draft: Draft): Problem[] {
  const problems: Problem[] = [];
  const add = (path: string, code: ProblemCode, params: Problem['params'] = {}) =>
    problems.push({ path, code, params });
  const assessment = ASSESSMENT_TYPES.has(draft.type);

  if (draft.title.trim() === '') add('title', 'title_empty');
  if (
    !Number.isInteger(draft.duration) ||
    draft.duration < DURATION_LIMITS.min ||
    draft.duration > DURATION_LIMITS.max
  )
    add('duration', 'duration_out_of_range', { ...DURATION_LIMITS, value: draft.duration });

  const refCheck = (path: string, dict: DictionaryName, id: string | null) => {
    const entries = draft.dictionaries[dict as keyof Dictionaries];
    // An empty dictionary means "not loaded" (offline import): nothing to check against.
    if (id === null || entries.length === 0) return;
    if (!entries.some((e) => e.id === id)) add(path, 'unknown_reference', { dictionary: dict, id });
  };
  refCheck('themeTypeId', 'themeTypes', draft.themeTypeId);
  refCheck('speechActivityId', 'speechActivities', draft.speechActivityId);

  if (assessment && draft.purposes.length === 0) add('purposes', 'purposes_missing');
  draft.purposes.forEach((p, i) => {
    if (p.title.trim() === '')
      add(`purposes.${i}.title`, 'purpose_title_empty', { position: i + 1 });
    refCheck(`purposes.${i}.skillLevelId`, 'skillLevels', p.skillLevelId);
  });

  const numbers = moduleNumbers(draft);
  let modules = 0;
  draft.pages.forEach((page, pi) => {
    page.modules.forEach((m, mi) => {
      modules++;
      if (m.type !== 'task') return;
      const at = `pages.${pi}.modules.${mi}`;
      const number = numbers.get(m.id) ?? null;
      const p = (path: string, code: ProblemCode, params: Problem['params'] = {}) =>
        add(`${at}${path}`, code, { number, ...params });

      // The editor's untouched field is a doc with an empty paragraph: that is no question.
      if (m.title.trim() === '' && !hasRichContent(m.content))
        p('.content', 'task_without_question');

      const o = m.options;
      if (!o) p('.options', 'task_without_options');
      else if (o.kind === 'select' || o.kind === 'choice') {
        if (o.items.length < MIN_OPTIONS)
          p('.options', o.kind === 'select' ? 'select_too_few_options' : 'choice_too_few_options', {
            min: MIN_OPTIONS,
            count: o.items.length,
          });
        o.items.forEach((it, k) => {
          const text = 'text' in it ? it.text : it.content;
          if (text.trim() === '') p(`.options.items.${k}`, 'option_empty', { position: k + 1 });
        });
        const hasRight = o.kind === 'select' ? o.rightId !== null : o.items.some((it) => it.right);
        if (o.items.length > 0 && !hasRight) p('.options', 'task_without_right_answer');
      } else {
        if (o.left.length < MIN_CONNECTION_ITEMS || o.right.length < MIN_CONNECTION_ITEMS)
          p('.options', 'connection_too_few_items', { min: MIN_CONNECTION_ITEMS });
        o.left.forEach((it, k) => {
          if (it.content.trim() === '')
            p(`.options.left.${k}`, 'option_empty', { position: k + 1 });
        });
        o.right.forEach((it, k) => {
          if (it.content.trim() === '')
            p(`.options.right.${k}`, 'option_empty', { position: k + 1 });
        });
        if (o.links.length === 0) p('.options.links', 'connection_without_links');
      }

      const rows = m.descriptor.descriptorList;
      rows.forEach((r, k) => {
        if (!isPositiveInt(r.mark))
          p(`.descriptor.descriptorList.${k}.mark`, 'mark_invalid', {
            mark: r.mark,
            position: k + 1,
          });
        if (r.title.trim() === '')
          p(`.descriptor.descriptorList.${k}.title`, 'descriptor_title_empty', { position: k + 1 });
      });
      const max = m.additionalCriterions.maxNumbers;
      if (max !== null && !isPositiveInt(max))
        p('.additionalCriterions.maxNumbers', 'max_numbers_invalid', { value: max });
      refCheck(
        `${at}.additionalCriterions.taskTypeId`,
        'taskTypes',
        m.additionalCriterions.taskTypeId,
      );
      if (assessment) {
        if (rows.length === 0) p('.descriptor.descriptorList', 'descriptors_missing');
        else if (m.descriptor.criterion.trim() === '')
          p('.descriptor.criterion', 'criterion_empty');
        if (m.additionalCriterions.purposes.length === 0)
          p('.additionalCriterions.purposes', 'module_purposes_missing');
      }
    });
  });
  if (modules === 0) add('pages', 'no_modules');
  return problems;
}
