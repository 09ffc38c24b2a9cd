import { CommerceError } from './commerce-texts';

/**
 * Row rules of commerce: invoices and ledger movements belong to one user; anyone else — another
 * user of the same school or of another school — is told they do not exist (404).
 */
export function isOwnRow(callerId: number, row: { user_id: number } | null): boolean {
  return row !== null && row.user_id === callerId;
}

export function assertOwnInvoice<T extends { user_id: number }>(
  callerId: number,
  row: T | null,
): asserts row is T {
  if (!isOwnRow(callerId, row)) throw new CommerceError(404, 'invoice_not_found');
}

export function assertOwnEntry<T extends { user_id: number }>(
  callerId: number,
  row: T | null,
): asserts row is T {
  if (!isOwnRow(callerId, row)) throw new CommerceError(404, 'entry_not_found');
}
