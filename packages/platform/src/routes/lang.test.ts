import { describe, expect, it } from 'vitest';
import {
  formatDate,
  normalizeLangPath,
  storedUiLang,
  uiLangFromLocale,
  urlLangFromUi,
} from './lang';

describe('language rules (spec §1, §2)', () => {
  it('maps the locale kk to kz and anything else to ru', () => {
    expect(uiLangFromLocale('kk')).toBe('kz');
    expect(uiLangFromLocale('ru')).toBe('ru');
    expect(uiLangFromLocale('en')).toBe('ru');
    expect(urlLangFromUi('kz')).toBe('kk');
    expect(urlLangFromUi('ru')).toBe('ru');
  });

  it('defaults the stored language to kz', () => {
    expect(storedUiLang(null)).toBe('kz');
    expect(storedUiLang('xx')).toBe('kz');
    expect(storedUiLang('ru')).toBe('ru');
    expect(storedUiLang('kz')).toBe('kz');
  });

  it('keeps /kk and /ru paths, replaces another language segment by kk, sends the rest to /kk', () => {
    expect(normalizeLangPath('/kk')).toBeNull();
    expect(normalizeLangPath('/ru/login')).toBeNull();
    expect(normalizeLangPath('/')).toBe('/kk');
    expect(normalizeLangPath('')).toBe('/kk');
    expect(normalizeLangPath('/en/login', '?a=1', '#x')).toBe('/kk/login?a=1#x');
    expect(normalizeLangPath('/kz/faq')).toBe('/kk/faq');
    expect(normalizeLangPath('/whatever')).toBe('/kk');
    expect(normalizeLangPath('/wp-admin/setup.php')).toBe('/kk');
  });

  it('formats dates as DD.MM.YYYY', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05.01.2026');
    expect(formatDate(new Date(1999, 11, 31))).toBe('31.12.1999');
  });
});
