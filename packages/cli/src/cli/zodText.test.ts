import { describe, expect, it } from 'vitest';
import { DraftSchema, SCHEMA_VERSION } from '@sabaq/engine';
import { zodText } from './zodText.js';

describe('zod messages in kz/ru', () => {
  const issue = (value: unknown): string => {
    const r = DraftSchema.safeParse(value);
    return r.success ? '' : (r.error.issues[0]?.message ?? '');
  };
  it('translates the messages zod really gives for drafts', () => {
    const base = {
      schemaVersion: SCHEMA_VERSION,
      id: 'x',
      type: 'sor',
      title: 't',
      summary: '',
      lang: 'kz',
      discipline: null,
      class: null,
      duration: 40,
      themeTypeId: null,
      speechActivityId: null,
      version: 0,
      pages: [],
      assets: [],
      purposes: [],
      dictionaries: { skillLevels: [], taskTypes: [], themeTypes: [], speechActivities: [] },
    };
    expect(zodText('kz', issue({ ...base, duration: 'қырық' }))).toBe(
      'түрі қате: сан керек, мәтін берілген',
    );
    expect(zodText('ru', issue({ ...base, duration: 500 }))).toBe('слишком большое: не больше 240');
    expect(zodText('ru', issue({ ...base, type: 'exam' }))).toMatch(
      /^недопустимое значение; возможно: /,
    );
    expect(zodText('kz', issue({ ...base, title: 'x'.repeat(3000) }))).toBe(
      'тым үлкен: ең көбі 2000 таңба',
    );
    expect(zodText('ru', issue({ ...base, id: 'a b' }))).toBe(
      'недопустимый формат (запрещённые символы)',
    );
  });
  it('leaves unknown messages as they are', () => {
    expect(zodText('kz', 'something else')).toBe('something else');
  });
});
