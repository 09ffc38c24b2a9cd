import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import type { Tariff, TariffList } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { failure, urlLang } from '../shared/api';
import { checkout, payWithWidget, refreshSessionUser } from './api';
import { commerceText, tenge } from './texts';
import type { CommerceT } from './texts';

function priceLine(t: CommerceT, tariff: Tariff, perMonth: boolean): string {
  if (tariff.price === null) return t('byAgreement');
  if (perMonth && tariff.periodDays >= 60) {
    return t('perMonth', { price: tenge(Math.round((tariff.price * 30) / tariff.periodDays)) });
  }
  return t('price', { price: tenge(tariff.price) });
}

/** A purchase waiting for the buyer's yes: what, for how long, the price and how it is paid. */
interface Pending {
  tariff: Tariff;
  method: 'card' | 'balance';
}

/**
 * Issue 30: no purchase takes money in one click. The modal names the tariff, its period and
 * price and how it is paid; cancel (or closing) changes nothing.
 */
export function ConfirmPurchase({
  pending,
  balance,
  queued,
  onCancel,
  onConfirm,
  t,
}: {
  pending: Pending | null;
  balance: number | null;
  queued: boolean;
  onCancel: () => void;
  onConfirm: (p: Pending) => void;
  t: CommerceT;
}) {
  const tariff = pending?.tariff;
  const price = tenge(tariff?.price ?? 0);
  return (
    <Modal
      opened={pending !== null}
      onClose={onCancel}
      title={t('confirmTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {pending && tariff ? (
        <Stack gap="sm" data-testid="purchase-confirm">
          <Text fw={600}>{t('confirmWhat', { name: tariff.name })}</Text>
          <Text>{t('confirmPeriod', { n: tariff.periodDays })}</Text>
          {queued ? <Text size="sm">{t('confirmPeriodAfter')}</Text> : null}
          <Text fw={600}>{t('confirmPrice', { price })}</Text>
          <Text size="sm">
            {pending.method === 'balance'
              ? t('confirmBalance', { price, balance: tenge(balance ?? 0) })
              : t('confirmCard', { price })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button onClick={() => onConfirm(pending)}>{t('confirmBuy')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * The tariff cards with their buy buttons: card (the provider's widget, then the payment page)
 * or balance (at once), each after the confirmation modal. Anonymous visitors are asked to sign in; without a card provider the
 * page says so plainly and offers the balance.
 */
export function TariffCards({
  list,
  tariffs,
  perMonth = false,
}: {
  list: TariffList;
  tariffs: readonly Tariff[];
  perMonth?: boolean;
}) {
  const t = commerceText();
  const user = useAppState((s) => s.user);
  const navigate = useNavigate();
  const lang = urlLang();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  async function buy(tariff: Tariff, method: 'card' | 'balance') {
    setBusy(`${tariff.code}:${method}`);
    setError(null);
    try {
      const result = await checkout(tariff.code, method);
      if (result.error) {
        setError(failure(result));
        return;
      }
      const { invoice, widget } = result.data.data;
      if (method === 'balance' || !widget || !invoice) {
        await refreshSessionUser();
        navigate(`/${lang}/payment/paid`);
        return;
      }
      await payWithWidget(widget);
      navigate(`/${lang}/payment/${invoice.id}`);
    } catch {
      setError(t('widgetFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="commerce-stack">
      {user && !list.paymentConnected ? (
        <Alert color="yellow" role="status">
          {t('notConnected')}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <ConfirmPurchase
        pending={pending}
        balance={user?.balance ?? null}
        queued={
          pending !== null &&
          (user?.subscriptions ?? []).some(
            (s) => s.tariff_type === pending.tariff.subscriptionType,
          ) &&
          user?.hasSubscription === true
        }
        onCancel={() => setPending(null)}
        onConfirm={(p) => {
          setPending(null);
          void buy(p.tariff, p.method);
        }}
        t={t}
      />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {tariffs.map((tariff) => (
          <Paper
            key={tariff.code}
            withBorder
            p="md"
            component="article"
            aria-labelledby={`tariff-${tariff.code}`}
            data-testid={`tariff-${tariff.code}`}
          >
            <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
              <h2 id={`tariff-${tariff.code}`} className="commerce-card-title">
                {tariff.name}
              </h2>
              <Badge variant="light">{t(`audience_${tariff.audience}`)}</Badge>
            </Group>
            <Text className="commerce-price">{priceLine(t, tariff, perMonth)}</Text>
            {tariff.price !== null ? (
              <Text size="sm" c="dimmed">
                {t('days', { n: tariff.periodDays })}
              </Text>
            ) : null}
            <Text size="sm" mt="xs">
              {tariff.description}
            </Text>
            {tariff.purchasable ? (
              user ? (
                <Group gap="xs" mt="md">
                  <Button
                    className="commerce-button"
                    onClick={() => setPending({ tariff, method: 'card' })}
                    disabled={!list.paymentConnected || busy !== null}
                    loading={busy === `${tariff.code}:card`}
                    aria-label={`${t('payCard')}: ${tariff.name}`}
                  >
                    {t('payCard')}
                  </Button>
                  <Button
                    className="commerce-button"
                    variant="default"
                    onClick={() => setPending({ tariff, method: 'balance' })}
                    disabled={busy !== null}
                    loading={busy === `${tariff.code}:balance`}
                    aria-label={`${t('payBalance')}: ${tariff.name}`}
                  >
                    {t('payBalance')}
                  </Button>
                </Group>
              ) : (
                <Button
                  className="commerce-button"
                  component={Link}
                  to={`/${lang}/login`}
                  variant="default"
                  mt="md"
                >
                  {t('loginToBuy')}
                </Button>
              )
            ) : (
              <Button
                className="commerce-button"
                component={Link}
                to={`/${lang}/tariff`}
                variant="default"
                mt="md"
              >
                {t('schoolTitle')}
              </Button>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </div>
  );
}

/** Wraps a loaded tariff list: loading, an error with a retry, or the page. */
export function TariffsLoad({
  loaded,
  children,
}: {
  loaded: { data: TariffList | null; error: string | null; reload: () => Promise<void> };
  children: (list: TariffList) => React.ReactNode;
}) {
  const t = commerceText();
  if (loaded.error)
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{loaded.error}</Text>
          <Button
            className="commerce-button"
            size="xs"
            variant="default"
            onClick={() => void loaded.reload()}
          >
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (!loaded.data) return <Text role="status">{t('loading')}</Text>;
  return <>{children(loaded.data)}</>;
}
