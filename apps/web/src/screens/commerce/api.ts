import type {
  Balance,
  Checkout,
  Invoice,
  Profile,
  SessionUser,
  TariffList,
  WidgetParams,
} from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api, currentUiLang } from '../../app/services';
import { store } from '../../session/store';
import { download, path, useLoad } from '../shared/api';

/** Calls of tariffs, checkout, balance and receipts; paths from the policy table. */
export const useTariffs = () => useLoad<TariffList>(path('commerce.tariffs'));
export const useBalance = () => useLoad<Balance>(path('commerce.balance'));

export function checkout(
  tariffCode: string,
  method: 'card' | 'balance',
): Promise<ApiResult<{ data: Checkout }>> {
  return api.post(path('commerce.checkout'), { tariffCode, method }, { handle: 'silent' });
}

export function topUp(amount: number): Promise<ApiResult<{ data: Checkout }>> {
  return api.post(path('commerce.topUp'), { amount }, { handle: 'silent' });
}

export function loadInvoice(invoiceId: number): Promise<ApiResult<{ data: Invoice }>> {
  return api.get(path('commerce.invoice', { invoiceId }), { handle: 'silent' });
}

export function saveProfile(values: Record<string, string>): Promise<ApiResult<{ data: Profile }>> {
  return api.put(path('profile.update'), values, { handle: 'silent' });
}

export function downloadReceipt(entryId: number): Promise<void> {
  const name = `${currentUiLang() === 'kz' ? 'Түбіртек' : 'Квитанция'}-${entryId}.pdf`;
  return download(path('commerce.receipt', { entryId }), name);
}

/** Reloads the session user after a payment: the subscription and balance changed. */
export async function refreshSessionUser(): Promise<void> {
  const result = await api.get<{ data: SessionUser }>('/api/v2/os/user-info', { handle: 'silent' });
  if (!result.error && result.data.data) {
    store.set({ user: result.data.data, subscriptionLocked: false });
  }
}

interface CloudPaymentsWidget {
  pay(
    kind: 'charge',
    params: Record<string, unknown>,
    callbacks: { onComplete?: (result: { success: boolean }) => void },
  ): void;
}
declare global {
  interface Window {
    cp?: { CloudPayments: new (options?: Record<string, unknown>) => CloudPaymentsWidget };
  }
}

const scripts = new Map<string, Promise<void>>();

/** Loads the provider's widget script once (its URL comes from the server's configuration). */
function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(url);
        reject(new Error('widget script'));
      };
      document.head.appendChild(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

/**
 * Opens CloudPayments' widget for the invoice (`pay('charge', …)`, their published browser API)
 * and resolves when the payer closes it. The server learns the outcome from the provider's
 * signed notifications, never from the page.
 */
export async function payWithWidget(widget: WidgetParams): Promise<void> {
  await loadScript(widget.scriptUrl);
  if (!window.cp) throw new Error('widget missing');
  const payments = new window.cp.CloudPayments({
    language: currentUiLang() === 'kz' ? 'kk' : 'ru-RU',
  });
  await new Promise<void>((resolve) => {
    payments.pay(
      'charge',
      {
        publicId: widget.publicId,
        description: widget.description,
        amount: widget.amount,
        currency: widget.currency,
        invoiceId: widget.invoiceId,
        accountId: widget.accountId,
        skin: 'mini',
      },
      { onComplete: () => resolve() },
    );
  });
}
