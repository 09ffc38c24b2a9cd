import { Tabs } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { urlLang } from '../shared/api';
import { BalancePanel } from './Balance';
import { Cabinet } from './Cabinet';
import { Sessions } from './Sessions';
import { commerceText } from './texts';
import './commerce.css';

const TABS = ['cabinet', 'balance', 'sessions'] as const;

/** profile/{tab?}: the cabinet (the user's own details), the balance and the open sessions. */
export default function Profile() {
  const t = commerceText();
  const { tab } = useParams();
  const navigate = useNavigate();
  const active = (TABS as readonly string[]).includes(tab ?? '') ? (tab as string) : 'cabinet';
  return (
    <section className="commerce-page" aria-labelledby="profile-h">
      <h1 id="profile-h" className="commerce-title">
        {t('profileTitle')}
      </h1>
      <Tabs value={active} onChange={(v) => v && navigate(`/${urlLang()}/profile/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="cabinet">{t('tabCabinet')}</Tabs.Tab>
          <Tabs.Tab value="balance">{t('tabBalance')}</Tabs.Tab>
          <Tabs.Tab value="sessions">{t('tabSessions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cabinet" pt="md">
          {active === 'cabinet' ? <Cabinet /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="balance" pt="md">
          {active === 'balance' ? <BalancePanel /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="sessions" pt="md">
          {active === 'sessions' ? <Sessions /> : null}
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}
