import { describe, expect, it } from 'vitest';
import { AiError } from '../ai/errors';
import { CalendarPlanError } from '../teaching/calendar-plans';
import { TeachingError } from '../teaching/errors';
import { CatalogueError, withParams } from './errors';

describe('feature catalogue errors (CatalogueError)', () => {
  it('fills {name} placeholders; one without a value stays as written', () => {
    expect(withParams('{n} / {max} ({n})', { n: 3, max: 10 })).toBe('3 / 10 (3)');
    expect(withParams('ең көбі {n} сабақ', {})).toBe('ең көбі {n} сабақ');
    // A value is not read again for placeholders.
    expect(withParams('{a} {b}', { a: '{b}', b: 'x' })).toBe('{b} x');
  });

  it('answers in the request language, naming the field when given', () => {
    const e = new CatalogueError(
      422,
      'validation_failed',
      { kz: 'Кемінде {n}', ru: 'Не меньше {n}' },
      'hours',
      { n: 1 },
    );
    expect(e.toBody('kz')).toEqual({ message: 'Кемінде 1', errors: { hours: ['Кемінде 1'] } });
    expect(e.toBody('ru')).toEqual({ message: 'Не меньше 1', errors: { hours: ['Не меньше 1'] } });
    expect(new CatalogueError(404, 'not_found', { kz: 'Жоқ', ru: 'Нет' }).toBody('ru')).toEqual({
      message: 'Нет',
    });
  });

  it('the teaching, calendar-plan and AI errors keep their statuses, keys and messages', () => {
    const teaching = new TeachingError(403, 'journal_forbidden');
    expect([teaching.status, teaching.key]).toEqual([403, 'forbidden']);
    expect(teaching.toBody('ru')).toEqual({ message: 'У вас нет права вести этот журнал' });

    const plan = new CalendarPlanError(422, 'plan_too_long', 'position', { n: 400 });
    expect([plan.status, plan.key]).toEqual([422, 'validation_failed']);
    expect(plan.toBody('kz')).toEqual({
      message: 'Жоспарда ең көбі 400 сабақ болады',
      errors: { position: ['Жоспарда ең көбі 400 сабақ болады'] },
    });
    expect(new CalendarPlanError(423, 'subscription_locked').key).toBe('subscription_locked');

    const ai = new AiError(429, 'ai_rate_limited', { params: { seconds: 12 } });
    expect([ai.status, ai.key]).toEqual([429, 'generic']);
    expect(ai.toBody('ru')).toEqual({
      message: 'Слишком много вопросов подряд. Повторите через 12 с',
    });
    expect(new AiError(422, 'ai_text_empty', { field: 'text' }).toBody('kz')).toEqual({
      message: 'Сұрағыңызды жазыңыз',
      errors: { text: ['Сұрағыңызды жазыңыз'] },
    });
  });
});
