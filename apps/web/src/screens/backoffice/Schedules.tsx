import { useState } from 'react';
import { Group, Paper, Select, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TimetablePeriod } from '@sabaq/platform';
import { LoadState, PageHead } from './common';
import { backofficeText } from './texts';
import { TimetableCopy } from './TimetableCopy';
import { timetablePaths, useTimetableList } from './timetable-api';
import { timetableText } from './timetable-texts';
import type { TimetableT } from './timetable-texts';
import './backoffice.css';

/** The quarter picker of both timetable screens. */
export function QuarterSelect({
  periods,
  value,
  onChange,
  t,
}: {
  periods: readonly TimetablePeriod[];
  value: number | null;
  onChange: (periodId: number) => void;
  t: TimetableT;
}) {
  return (
    <Select
      label={t('quarter')}
      data={periods.map((p) => ({
        value: String(p.id),
        label: `${p.name} (${p.schoolYear})${p.isCurrent ? ` — ${t('current')}` : ''}`,
      }))}
      value={value === null ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  );
}

/** backoffice/schedules: the school's classes with the state of their week in a quarter. */
export default function Schedules() {
  const t = timetableText();
  const [periodId, setPeriodId] = useState<number | null>(null);
  const loaded = useTimetableList(periodId);
  return (
    <section className="bo-page" aria-labelledby="bo-tt-h">
      <PageHead id="bo-tt-h" title={t('title')} />
      <Text className="bo-muted">{t('subtitle')}</Text>
      <LoadState loaded={loaded} t={backofficeText()}>
        {(data) =>
          data.periodId === null ? (
            <Text>{t('noPeriods')}</Text>
          ) : (
            <div className="bo-stack">
              <Group>
                <QuarterSelect
                  periods={data.periods}
                  value={data.periodId}
                  onChange={setPeriodId}
                  t={t}
                />
              </Group>
              <Paper withBorder p="md">
                {data.groups.length === 0 ? (
                  <Text className="bo-muted">{t('noGroups')}</Text>
                ) : (
                  <Table.ScrollContainer minWidth={520} type="native">
                    <Table>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">{t('group')}</Table.Th>
                          <Table.Th scope="col">{t('shift')}</Table.Th>
                          <Table.Th scope="col">{t('lessons')}</Table.Th>
                          <Table.Th scope="col">{t('withoutTeacher')}</Table.Th>
                          <Table.Th scope="col">{t('state')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.groups.map((g) => (
                          <Table.Tr key={g.id}>
                            <Table.Th scope="row">
                              <Link
                                to={`${timetablePaths.group(g.id)}?periodId=${data.periodId}`}
                                aria-label={t('open', { name: g.name })}
                                className="bo-strong"
                              >
                                {g.name}
                              </Link>
                            </Table.Th>
                            <Table.Td>{g.shift ? t('shiftN', { n: g.shift }) : '—'}</Table.Td>
                            <Table.Td>{g.lessons}</Table.Td>
                            <Table.Td>{g.withoutTeacher}</Table.Td>
                            <Table.Td>
                              <span className={g.state === 'filled' ? undefined : 'bo-muted'}>
                                {t(g.state)}
                              </span>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Paper>
              {data.canManage ? (
                <TimetableCopy
                  groupId={null}
                  periodId={data.periodId}
                  periods={data.periods}
                  onCopied={() => void loaded.reload()}
                  t={t}
                />
              ) : null}
            </div>
          )
        }
      </LoadState>
    </section>
  );
}
