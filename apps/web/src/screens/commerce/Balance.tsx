import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { Balance as BalanceData, Subscription } from '@sabaq/platform';
import { displayDate, displayDateTime, failure, urlLang } from '../shared/api';
import { downloadReceipt, payWithWidget, topUp, useBalance } from './api';
import { commerceText, tenge } from './texts';
import type { CommerceT } from './texts';

/** Outline colours; the label itself stays dark for contrast (commerce.css). */
const STATE_COLOR = { active: 'green.9', expiring: 'orange.9', locked: 'red.9' } as const;

function SubscriptionLine({ sub, t }: { sub: Subscription; t: CommerceT }) {
  return (
    <li data-testid="subscription">
      <Group gap="xs" wrap="wrap">
        {/* Never the tariff's code (issue 29): a subscription without a named tariff says its kind. */}
        <Text fw={600}>{sub.tariffName ?? t(`subscription_${sub.type}`)}</Text>
        <Badge
          variant="outline"
          color={STATE_COLOR[sub.state]}
          classNames={{ label: 'commerce-state-label' }}
          data-state={sub.state}
        >
          {t(`state_${sub.state}`)}
        </Badge>
        {sub.isDemo ? <Badge variant="outline">{t('demo')}</Badge> : null}
        <Text size="sm">
          {t('period', {
            from: displayDate(sub.startsAt),
            to: sub.endsAt ? displayDate(sub.endsAt) : '…',
          })}
          {sub.state !== 'locked' && sub.daysLeft !== null
            ? // A period bought on top of a live one: its own start and its own days (issue 30).
              new Date(sub.startsAt).getTime() > Date.now()
              ? ` · ${t('queuedFrom', { date: displayDate(sub.startsAt) })} · ${t('daysInPeriod', { n: sub.daysLeft })}`
              : ` · ${t('daysLeft', { n: sub.daysLeft })}`
            : ''}
        </Text>
      </Group>
    </li>
  );
}

function TopUp({ data, t }: { data: BalanceData; t: CommerceT }) {
  const [amount, setAmount] = useState<number | string>(5000);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const result = await topUp(Number(amount));
      if (result.error) return setError(failure(result));
      const { widget, invoice } = result.data.data;
      if (widget && invoice) {
        await payWithWidget(widget);
        navigate(`/${urlLang()}/payment/${invoice.id}`);
      }
    } catch {
      setError(t('widgetFailed'));
    } finally {
      setBusy(false);
    }
  }
  if (!data.paymentConnected)
    return (
      <Alert color="yellow" role="status">
        {t('notConnected')}
      </Alert>
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('topUpAmount')}
          value={amount}
          onChange={setAmount}
          min={1}
          step={1000}
          allowDecimal={false}
          thousandSeparator=" "
          error={error ?? undefined}
        />
        <Button type="submit" loading={busy}>
          {t('topUpButton')}
        </Button>
      </Group>
    </form>
  );
}

/** profile/balance: the balance, top-up by card, subscriptions with states, the history with receipts. */
export function BalancePanel() {
  const t = commerceText();
  const loaded = useBalance();
  if (loaded.error)
    return (
      <Alert color="red" role="alert">
        {loaded.error}
      </Alert>
    );
  const data = loaded.data;
  if (!data) return <Text role="status">{t('loading')}</Text>;
  return (
    <div className="commerce-stack">
      <Paper withBorder p="md" component="section" aria-labelledby="balance-h">
        <h2 id="balance-h" className="commerce-subtitle">
          {t('balanceTitle')}
        </h2>
        <Text className="commerce-price" data-testid="balance-now">
          {t('balanceNow', { amount: tenge(data.balance) })}
        </Text>
        <h3 className="commerce-subtitle">{t('topUp')}</h3>
        <TopUp data={data} t={t} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="subs-h">
        <h2 id="subs-h" className="commerce-subtitle">
          {t('subscriptionsTitle')}
        </h2>
        {data.subscriptions.length === 0 ? (
          <Text>{t('noSubscriptions')}</Text>
        ) : (
          <ul className="commerce-stack">
            {data.subscriptions.map((s) => (
              <SubscriptionLine key={s.id} sub={s} t={t} />
            ))}
          </ul>
        )}
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="history-h">
        <h2 id="history-h" className="commerce-subtitle">
          {t('historyTitle')}
        </h2>
        {data.entries.length === 0 ? (
          <Text>{t('noHistory')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table data-testid="ledger">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('date')}</Table.Th>
                  <Table.Th scope="col">{t('operation')}</Table.Th>
                  <Table.Th scope="col">{t('amount')}</Table.Th>
                  <Table.Th scope="col">{t('after')}</Table.Th>
                  <Table.Th scope="col">{t('receipt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{displayDateTime(e.createdAt)}</Table.Td>
                    <Table.Td>
                      {t(`kind_${e.kind}`)}: {e.description}
                    </Table.Td>
                    <Table.Td
                      className={e.amount < 0 ? 'commerce-amount-minus' : 'commerce-amount-plus'}
                    >
                      {e.amount < 0 ? '−' : '+'}
                      {tenge(e.amount)} ₸
                    </Table.Td>
                    <Table.Td>{tenge(e.balanceAfter)} ₸</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void downloadReceipt(e.id)}
                        aria-label={t('receiptOf', { n: e.id })}
                      >
                        PDF
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </div>
  );
}
