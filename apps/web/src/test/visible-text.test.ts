import { describe, expect, it } from 'vitest';
import { findCodeText } from './visible-text';

const words = (text: string, own: string[] = []) =>
  findCodeText(text, own).map((f) => `${f.kind}:${f.text}`);

describe('findCodeText: what the walker refuses on a kz/ru screen (issue 29)', () => {
  it('finds ISO dates, also inside a timestamp, and leaves DD.MM.YYYY and school years alone', () => {
    expect(words('Апта: 2026-11-23')).toEqual(['iso-date:2026-11-23']);
    expect(words('Жіберілді 2026-11-23T10:00:00Z')).toEqual(['iso-date:2026-11-23']);
    expect(words('Апта: 23.11.2026 · 2026-2027 оқу жылы · тел. 8-701-123-45-67')).toEqual([]);
    expect(words('Нөмір 1234-56-78')).toEqual([]);
  });

  it('finds the codes the issue saw: a tariff code, a provider code', () => {
    expect(words('Тариф: kindergarden-year')).toEqual(['code-word:kindergarden-year']);
    expect(words('Платёж не прошёл: InsufficientFunds')).toEqual(['code-word:InsufficientFunds']);
    expect(words('(tariff_code) tariffCode NOT_FOUND')).toEqual([
      'code-word:tariff_code',
      'code-word:tariffCode',
      'code-word:NOT_FOUND',
    ]);
  });

  it('passes ordinary kz/ru text with Latin names, abbreviations, addresses and files', () => {
    expect(
      words(
        'E-mail: director@school.kz · sabaq.kz · https://sabaq.kz/kk/login · plan-2026.pdf · ' +
          'STEAM, PDF, ChatGPT, YouTube, WhatsApp, Zoom-да, 3-D Secure, IT-сынып, Word, «Оқулық»',
      ),
    ).toEqual([]);
  });

  it('ignores what people typed ([data-user-text]), and reports each finding once', () => {
    const text = 'Мұғалімнің жазбасы: my_notes-2026 · Тариф: personal-month · personal-month';
    expect(words(text, ['my_notes-2026'])).toEqual(['code-word:personal-month']);
  });
});
