import { describe, expect, it } from 'vitest';
import { receiptFont, receiptTime } from './receipt-pdf';

describe('receipts', () => {
  it('embed the DejaVu Sans that ships with the server, or the one RECEIPT_FONT names', () => {
    expect(receiptFont({})).toMatch(/dejavu-fonts-ttf[\\/]ttf[\\/]DejaVuSans\.ttf$/);
    expect(receiptFont({ RECEIPT_FONT: '/nonexistent/font.ttf' })).toMatch(/DejaVuSans\.ttf$/);
  });

  it('date a payment in Kazakhstan time, whatever the server’s zone', () => {
    expect(receiptTime('2026-11-23T20:30:00Z')).toBe('24.11.2026 01:30');
    expect(receiptTime(new Date('2026-01-01T00:00:00+05:00'))).toBe('01.01.2026 00:00');
  });
});
