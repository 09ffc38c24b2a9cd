import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { displayDate, urlLang } from '../shared/api';
import { useBalance } from './api';
import { commerceText } from './texts';
import './commerce.css';

/**
 * subscribe-locked (spec §8 423): which subscription ended and when, from its real dates, and the
 * way on to the tariffs, where paying opens the sections again.
 */
export default function SubscribeLocked() {
  const t = commerceText();
  const loaded = useBalance();
  const ended = loaded.data?.subscriptions.find((s) => s.state === 'locked' && s.endsAt);
  return (
    <section className="commerce-page" aria-labelledby="locked-title">
      <Paper withBorder p="lg">
        <h1 id="locked-title" className="commerce-title">
          {t('lockedTitle')}
        </h1>
        <Text mb="md" data-testid="locked-text">
          {ended?.endsAt
            ? t('lockedText', { date: displayDate(ended.endsAt) })
            : t('lockedTextNoDate')}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={`/${urlLang()}/tariffs`}>
            {t('chooseTariff')}
          </Button>
          <Button component={Link} to={`/${urlLang()}/profile/balance`} variant="default">
            {t('mySubscription')}
          </Button>
        </Group>
      </Paper>
    </section>
  );
}
