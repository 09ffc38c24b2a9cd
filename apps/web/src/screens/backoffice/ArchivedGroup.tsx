import { Paper, Table, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { displayDate } from '../shared/api';
import { useArchivedGroup } from './api';
import { ArchivedJournal } from './ArchivedJournal';
import { LoadState, PageHead } from './common';
import { backofficeText } from './texts';
import './backoffice.css';

/**
 * backoffice/archive/{groupId}: an archived class (or a class's leavers), read-only; an archived
 * class's journal of its year below (ArchivedJournal).
 */
export default function ArchivedGroup() {
  const t = backofficeText();
  const loaded = useArchivedGroup(Number(useParams().groupId));
  return (
    <section className="bo-page" aria-labelledby="bo-archived-h">
      <LoadState loaded={loaded} t={t}>
        {(data) => (
          <>
            <PageHead
              id="bo-archived-h"
              title={
                data.group.archived
                  ? t('archivedGroup', { name: data.group.name })
                  : t('leaversOf', { name: data.group.name })
              }
            />
            <Text className="bo-muted">
              {t('studyLangValue', { lang: data.group.eduLang })}
              {data.group.archivedAt
                ? ` · ${t('archivedOn', { date: displayDate(data.group.archivedAt) })}`
                : ''}
              {' · '}
              {t('archivedReadOnly')}
            </Text>
            <Paper withBorder p="md" component="section" aria-labelledby="bo-archived-pupils-h">
              <h2 id="bo-archived-pupils-h" className="bo-subtitle">
                {t('pupils')} ({data.pupils.length})
              </h2>
              <Table.ScrollContainer minWidth={320} type="native">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">№</Table.Th>
                      <Table.Th scope="col">{t('fullname')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.pupils.map((p, i) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>{i + 1}</Table.Td>
                        <Table.Td>
                          {p.fullname}
                          {p.left && data.group.archived ? (
                            <span className="bo-muted"> · {t('left')}</span>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
            {data.subjects.length ? (
              <Paper withBorder p="md" component="section" aria-labelledby="bo-archived-subjects-h">
                <h2 id="bo-archived-subjects-h" className="bo-subtitle">
                  {t('subjects')}
                </h2>
                <ul className="bo-list">
                  {data.subjects.map((s) => (
                    <li key={s.id}>
                      {s.name}
                      <span className="bo-muted">
                        {' · '}
                        {s.teachers.map((p) => p.fullname).join(', ') || t('noTeacher')}
                      </span>
                    </li>
                  ))}
                </ul>
              </Paper>
            ) : null}
            {data.group.archived && data.subjects.length ? (
              <ArchivedJournal groupId={data.group.id} subjects={data.subjects} />
            ) : null}
          </>
        )}
      </LoadState>
    </section>
  );
}
