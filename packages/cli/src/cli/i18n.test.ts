import { describe, expect, it } from 'vitest';
import { catalogueKeys, t } from './i18n.js';

describe('CLI messages', () => {
  it('kz and ru catalogues have the same keys', () => {
    const { kz, ru } = catalogueKeys();
    expect(ru).toEqual(kz);
  });
  it('fills parameters and writes real Kazakh and Russian', () => {
    expect(t('kz', 'validate.summary', { files: 2, valid: 1, invalid: 1, errors: 0 })).toBe(
      '2 файл: 1 жарамды, 1 жарамсыз, 0 қате',
    );
    expect(t('ru', 'err.noInputs', { pattern: 'x/*.json' })).toBe('файлы не найдены: x/*.json');
    expect(t('kz', 'cmd.import')).toMatch(/[әғқңөұүһі]/);
  });
});
