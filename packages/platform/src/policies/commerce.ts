import { ROLE_GROUPS } from '../roles/roles';
import type { Role } from '../roles/roles';

/**
 * Tariffs, subscriptions, payment and balance (issue 19). The tariffs are public; buying, the
 * balance, invoices and receipts belong to the signed-in user (row rules in the server's
 * commerce/*-access.ts: only one's own invoices and ledger rows). The provider's notifications
 * are public by nature: they are authenticated by the Content-HMAC signature, not a token.
 */
const P = '/api/v2/os/commerce';

export const COMMERCE_ROUTES = {
  'commerce.tariffs': {
    method: 'GET',
    path: `${P}/tariffs`,
    policy: 'public',
    summary: 'The tariffs (B2C personal, kindergarten, school B2B) with prices in tenge and flags',
  },
  'commerce.balance': {
    method: 'GET',
    path: `${P}/balance`,
    policy: 'authenticated',
    summary: "The caller's balance, ledger of movements and subscriptions with their states",
  },
  'commerce.checkout': {
    method: 'POST',
    path: `${P}/checkout`,
    policy: 'authenticated',
    summary: 'Buy a tariff: from the balance at once, or an invoice for the card widget',
  },
  'commerce.topUp': {
    method: 'POST',
    path: `${P}/top-up`,
    policy: 'authenticated',
    summary: 'An invoice to top the balance up by card',
  },
  'commerce.invoice': {
    method: 'GET',
    path: `${P}/invoices/:invoiceId`,
    policy: 'authenticated',
    summary: "One of the caller's invoices (the payment page's result)",
  },
  'commerce.receipt': {
    method: 'GET',
    path: `${P}/receipts/:entryId`,
    policy: 'authenticated',
    summary: "A receipt for one of the caller's ledger movements, as PDF",
  },
  'commerce.notifyCheck': {
    method: 'POST',
    path: `${P}/cloudpayments/check`,
    policy: 'public',
    summary: 'CloudPayments Check notification (Content-HMAC signed); answers {code}',
  },
  'commerce.notifyPay': {
    method: 'POST',
    path: `${P}/cloudpayments/pay`,
    policy: 'public',
    summary: 'CloudPayments Pay notification (Content-HMAC signed, idempotent by TransactionId)',
  },
  'commerce.notifyFail': {
    method: 'POST',
    path: `${P}/cloudpayments/fail`,
    policy: 'public',
    summary: 'CloudPayments Fail notification (Content-HMAC signed)',
  },
  // profile/cabinet (issue 19): the caller's own details.
  'profile.update': {
    method: 'PUT',
    path: '/api/v2/os/profile',
    policy: 'authenticated',
    summary: "Change one's own names, phone, e-mail and birth date (school and class read-only)",
  },
  'profile.sessionRevoke': {
    method: 'DELETE',
    path: '/api/v2/os/profile/sessions/:sessionId',
    policy: 'authenticated',
    summary: 'Sign one of your own sessions out (the current one too)',
  },
  'profile.sessionsRevokeOthers': {
    method: 'DELETE',
    path: '/api/v2/os/profile/sessions',
    policy: 'authenticated',
    summary: 'Sign out every session of yours but the current one',
  },
  // Refunds (issue 19): the platform's administrator returns a purchase to the balance.
  'commerce.refund': {
    method: 'POST',
    path: `${P}/refunds`,
    policy: ['admin'],
    summary: "Refund a purchase: its amount back to the user's balance, its subscription ended",
  },
  // The profile picture (issue 19, spec §7 avatar): every signed-in user's own.
  'profile.avatarUpload': {
    method: 'POST',
    path: '/api/v2/os/profile/avatar',
    policy: 'authenticated',
    summary: 'Upload one picture (multipart, ≤ 5 MB): stored as a 256×256 WebP without metadata',
  },
  'profile.avatarRemove': {
    method: 'DELETE',
    path: '/api/v2/os/profile/avatar',
    policy: 'authenticated',
    summary: "Remove one's own profile picture",
  },
  'profile.avatarGet': {
    method: 'GET',
    path: '/api/v2/os/profile/avatars/:name',
    policy: 'public',
    summary: 'A profile picture by its random name (capability URL, cached immutable)',
  },
} as const;

/**
 * Issue 30: the shop offers a role only what it can use. A kindergarden subscription opens the
 * kindergarten sections for the kindergarten's staff (the methodist, their author, always
 * passes) and the document library for an individual educator, so they are sold it — a pupil is
 * not. A personal subscription serves the builders (lectures, lessons, catalogues): employees,
 * methodists, individual teachers and guests. Students and the education workers buy nothing
 * (their school or office pays). The school tariff (no subscription type) is by agreement and
 * shown to everyone.
 */
export function tariffUsableBy(
  subscriptionType: 'kindergarden' | 'personal' | null,
  role: Role,
): boolean {
  if (subscriptionType === null) return true;
  const employees = ROLE_GROUPS.employees as readonly Role[];
  if (subscriptionType === 'kindergarden') return [...employees, 'individual'].includes(role);
  return [...employees, 'methodist', 'individual', 'guest'].includes(role);
}
