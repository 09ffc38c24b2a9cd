import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import type { QuestionnaireGroupType } from '@sabaq/platform';
import { useGroupStatistic, useGroupsStatistic, type NodeBody } from './api';
import { GroupAnswers, GroupsTable } from './NodeTables';
import type { MonitoringTexts } from './texts';

/**
 * Results of a node by groups of questions, and the answers to one group chosen from them (for
 * one organization, or for the whole node).
 */
export function GroupResults({
  node,
  groupType,
  t,
}: {
  node: NodeBody;
  groupType: QuestionnaireGroupType;
  t: MonitoringTexts;
}) {
  const groups = useGroupsStatistic({ ...node, groupType });
  const [chosen, setChosen] = useState<number | null>(null);
  const list = groups.data?.groups ?? [];
  const groupId = list.some((g) => g.id === chosen) ? chosen : (list[0]?.id ?? null);
  const detail = useGroupStatistic(groupId === null ? null : { ...node, groupType, groupId });
  return (
    <>
      <section className="stat-block" aria-labelledby="mon-groups-h">
        <h2 id="mon-groups-h">{t('groupsTitle')}</h2>
        {groups.error && <p role="alert">{groups.error}</p>}
        {!groups.data && !groups.error && <p>{t('loading')}</p>}
        {groups.data && <GroupsTable data={groups.data} caption={t('groupsTitle')} t={t} />}
      </section>
      {list.length > 0 && groupId !== null && (
        <section className="stat-block" aria-labelledby="mon-questions-h">
          <h2 id="mon-questions-h">{t('questionsTitle')}</h2>
          <NativeSelect
            label={t('section')}
            value={String(groupId)}
            onChange={(event) => setChosen(Number(event.currentTarget.value))}
            data={list.map((g) => ({ value: String(g.id), label: g.name }))}
            w={{ base: '100%', sm: 420 }}
          />
          {detail.error && <p role="alert">{detail.error}</p>}
          {detail.data && <GroupAnswers data={detail.data} t={t} />}
        </section>
      )}
    </>
  );
}
