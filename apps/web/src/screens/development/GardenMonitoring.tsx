import { Table, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { hasSubscriptionFor, type AssessmentStage } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { urlLang } from '../shared/api';
import { gardenCompletion, type GardenLine } from './api';
import { StageSelect, isStage } from './Parts';
import { developmentText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';

/** Each role's own monitoring page (spec §6: the monitoring path depends on the role). */
const ROLE_MONITORING: Record<string, string> = {
  teacher: 'monitoring-teacher',
  'group-lead': 'monitoring-teacher',
  director: 'monitoring-director',
  zavuch: 'monitoring-director',
  country_worker: 'monitoring-country',
  region_worker: 'monitoring-region',
  department_worker: 'monitoring-department',
};

/**
 * monitoring: the kindergarten's monitoring for its staff (with the kindergarden subscription):
 * per group, how many children's cards are filled at a stage and the children per overall level,
 * read from the developmental cards. Anyone else is sent to their own monitoring page.
 */
export default function GardenMonitoring() {
  const user = useAppState((state) => state.user);
  if (user && !hasSubscriptionFor(user, 'kindergarden')) {
    const own = ROLE_MONITORING[user.role];
    return <Navigate to={`/${urlLang()}/${own ?? 'profile'}`} replace />;
  }
  return <GardenBody />;
}

function GardenBody() {
  const t = developmentText();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('stage');
  const stage: AssessmentStage = isStage(asked) ? asked : 'start';
  const [lines, setLines] = useState<GardenLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setLines(null);
    void gardenCompletion(stage).then((result) => {
      if (!live) return;
      if (result.ok) {
        setError(null);
        setLines(result.groups);
      } else setError(result.message);
    });
    return () => {
      live = false;
    };
  }, [stage]);
  return (
    <section className="tch-page" aria-labelledby="dev-h">
      <Title order={1} id="dev-h">
        {t('gardenMonitoringTitle')}
      </Title>
      <StageSelect value={stage} onChange={(next) => setSearch({ stage: next })} t={t} />
      {error && <p role="alert">{error}</p>}
      {!lines && !error && <p>{t('loading')}</p>}
      {lines?.length === 0 && <p>{t('noGroups')}</p>}
      {lines && lines.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder className="stat-table">
            <caption>{t('gardenMonitoringTitle')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('group')}</Table.Th>
                <Table.Th>{t('children')}</Table.Th>
                <Table.Th>{t('filled')}</Table.Th>
                <Table.Th>{t('level1')}</Table.Th>
                <Table.Th>{t('level2')}</Table.Th>
                <Table.Th>{t('level3')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.groupId}>
                  <Table.Th scope="row">{line.name}</Table.Th>
                  <Table.Td>{line.children}</Table.Td>
                  <Table.Td>{line.filled}</Table.Td>
                  <Table.Td>{line.level1}</Table.Td>
                  <Table.Td>{line.level2}</Table.Td>
                  <Table.Td>{line.level3}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
