import { Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { displayDate } from '../shared/api';
import { backofficePaths, useArchive } from './api';
import { LoadState, PageHead } from './common';
import { backofficeText } from './texts';
import './backoffice.css';

/** backoffice/archive: archived classes and the pupils removed to the archive (read-only). */
export default function Archive() {
  const t = backofficeText();
  const loaded = useArchive();
  return (
    <section className="bo-page" aria-labelledby="bo-archive-h">
      <PageHead id="bo-archive-h" title={t('archive')} />
      <Text className="bo-muted">{t('archivedReadOnly')}</Text>
      <LoadState loaded={loaded} t={t}>
        {(data) => (
          <div className="bo-stack">
            <Paper withBorder p="md" component="section" aria-labelledby="bo-archived-groups-h">
              <h2 id="bo-archived-groups-h" className="bo-subtitle">
                {t('archivedGroups')}
              </h2>
              {data.groups.length === 0 ? (
                <Text className="bo-muted">{t('noArchivedGroups')}</Text>
              ) : (
                <ul className="bo-list">
                  {data.groups.map((g) => (
                    <li key={g.id}>
                      <Link to={backofficePaths.archivedGroup(g.id)} className="bo-strong">
                        {g.name}
                      </Link>
                      <span className="bo-muted">
                        {' · '}
                        {t('pupilsN', { n: g.pupils })}
                        {g.archivedAt
                          ? ` · ${t('archivedOn', { date: displayDate(g.archivedAt) })}`
                          : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="bo-leavers-h">
              <h2 id="bo-leavers-h" className="bo-subtitle">
                {t('leavers')}
              </h2>
              {data.pupils.length === 0 ? (
                <Text className="bo-muted">{t('noLeavers')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={420} type="native">
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('fullname')}</Table.Th>
                        <Table.Th scope="col">{t('fromGroup')}</Table.Th>
                        <Table.Th scope="col">{t('date')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.pupils.map((p) => (
                        <Table.Tr key={p.id}>
                          <Table.Td>{p.fullname}</Table.Td>
                          <Table.Td>
                            <Link to={backofficePaths.archivedGroup(p.groupId)}>{p.groupName}</Link>
                          </Table.Td>
                          <Table.Td>{displayDate(p.archivedAt)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </div>
        )}
      </LoadState>
    </section>
  );
}
