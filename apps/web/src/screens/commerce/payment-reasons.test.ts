import { describe, expect, it } from 'vitest';
import { paymentReasonText } from './payment-reasons';

describe('paymentReasonText (issue 29: no provider codes on screen)', () => {
  it('says a known decline in kz and ru', () => {
    expect(paymentReasonText('InsufficientFunds', 'ru')).toBe('на карте недостаточно средств');
    expect(paymentReasonText('InsufficientFunds', 'kz')).toBe('картада қаражат жеткіліксіз');
  });
  it('never shows an unknown code, but keeps a reason already in words', () => {
    expect(paymentReasonText('WeirdProviderCode', 'ru')).not.toMatch(/Weird/);
    expect(paymentReasonText('WeirdProviderCode', 'kz')).toMatch(/банк/);
    expect(paymentReasonText('Карта заблокирована банком', 'ru')).toBe(
      'Карта заблокирована банком',
    );
  });
});
