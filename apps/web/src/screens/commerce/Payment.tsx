import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { Invoice } from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { loadInvoice, refreshSessionUser } from './api';
import { commerceText, tenge } from './texts';
import { paymentReasonText } from './payment-reasons';
import { currentUiLang } from '../../app/services';
import './commerce.css';

const POLL_MS = 1000;
const POLL_TIMES = 60;

/**
 * payment/{message?}: the result of a payment. A number is one of the caller's invoices, read
 * until the provider's notification has settled it (the widget closes before the server hears);
 * `paid` is a purchase from the balance.
 */
export default function Payment() {
  const t = commerceText();
  const { message } = useParams();
  const lang = urlLang();
  const invoiceId = message && /^\d+$/.test(message) ? Number(message) : null;
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (invoiceId === null) {
      if (message === 'paid') void refreshSessionUser();
      return;
    }
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (left: number) => {
      const result = await loadInvoice(invoiceId);
      if (stop) return;
      if (result.error) {
        setError(result.data?.message ?? t('paymentUnknown'));
        return;
      }
      setInvoice(result.data.data);
      if (result.data.data.state === 'paid') await refreshSessionUser();
      else if (result.data.data.state === 'pending' && left > 0) {
        timer = setTimeout(() => void poll(left - 1), POLL_MS);
      }
    };
    void poll(POLL_TIMES);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [invoiceId, message]);

  let body: React.ReactNode;
  if (invoiceId === null) {
    body =
      message === 'paid' ? (
        <Alert color="green" role="status">
          {t('paymentBought')}
        </Alert>
      ) : (
        <Alert role="status">{t('paymentUnknown')}</Alert>
      );
  } else if (error) {
    body = (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  } else if (!invoice || invoice.state === 'pending') {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('paymentPending')}</Text>
      </Group>
    );
  } else {
    body = (
      <Alert
        color={invoice.state === 'paid' ? 'green' : 'red'}
        role="status"
        data-testid="payment-result"
      >
        {invoice.state === 'paid'
          ? t('paymentPaid')
          : invoice.reason
            ? t('paymentFailed', { reason: paymentReasonText(invoice.reason, currentUiLang()) })
            : t('paymentFailedNoReason')}
      </Alert>
    );
  }

  return (
    <section className="commerce-page" aria-labelledby="payment-h">
      <h1 id="payment-h" className="commerce-title">
        {t('paymentTitle')}
      </h1>
      <div className="commerce-stack">
        {body}
        {invoice ? (
          <Text>{t('invoice', { number: invoice.number, amount: tenge(invoice.amount) })}</Text>
        ) : null}
        <Group gap="sm">
          <Button component={Link} to={`/${lang}/profile/balance`}>
            {t('toBalance')}
          </Button>
          <Button component={Link} to={`/${lang}/tariffs`} variant="default">
            {t('toTariffs')}
          </Button>
        </Group>
      </div>
    </section>
  );
}
