import { useEffect, useState } from 'react';
import { Alert, Group, NativeSelect, Paper, Table, Text } from '@mantine/core';
import type { ArchiveJournal } from '@sabaq/platform';
import { displayDate, failure } from '../shared/api';
import { loadArchiveJournal } from './year-api';
import { yearText } from './year-texts';

/**
 * The archived class's journal of the year it finished (backoffice/archive/{groupId}): a subject
 * and a quarter of that year, pupils × lessons with marks and absences, SOR/SOCh points and the
 * quarter's grade — to read only, nothing here writes.
 */
export function ArchivedJournal({
  groupId,
  subjects,
}: {
  groupId: number;
  subjects: { id: number; name: string }[];
}) {
  const t = yearText();
  const [subjectId, setSubjectId] = useState(subjects[0]?.id ?? 0);
  const [periodId, setPeriodId] = useState<number | undefined>(undefined);
  const [subgroupId, setSubgroupId] = useState<number | undefined>(undefined);
  const [journal, setJournal] = useState<ArchiveJournal | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadArchiveJournal(groupId, subjectId, periodId, subgroupId).then((r) => {
      if (!live) return;
      if (r.error) setError(failure(r));
      else {
        setError(null);
        setJournal(r.data.data);
      }
    });
    return () => {
      live = false;
    };
  }, [groupId, subjectId, periodId, subgroupId]);

  const grid = journal?.grid;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="bo-archived-journal-h">
      <h2 id="bo-archived-journal-h" className="bo-subtitle">
        {t('journal', { year: journal?.schoolYear ?? '…' })}
      </h2>
      <Text size="sm" className="bo-muted" mb="xs">
        {t('readOnly')}
      </Text>
      <Group gap="sm" mb="sm" wrap="wrap">
        <NativeSelect
          label={t('subject')}
          data={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
          value={String(subjectId)}
          onChange={(e) => {
            setSubjectId(Number(e.currentTarget.value));
            setSubgroupId(undefined);
          }}
        />
        {journal && (
          <NativeSelect
            label={t('period')}
            data={journal.periods.map((p) => ({ value: String(p.id), label: p.name }))}
            value={String(grid?.period.id ?? '')}
            onChange={(e) => setPeriodId(Number(e.currentTarget.value))}
          />
        )}
        {grid && grid.subgroups.length > 0 && (
          <NativeSelect
            label={t('subgroup')}
            data={[
              { value: '', label: t('wholeClass') },
              ...grid.subgroups.map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            value={String(subgroupId ?? '')}
            onChange={(e) =>
              setSubgroupId(e.currentTarget.value ? Number(e.currentTarget.value) : undefined)
            }
          />
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!error && !grid && <Text role="status">{t('loading')}</Text>}
      {!error && grid && grid.lessons.length === 0 && grid.assessments.length === 0 && (
        <Text size="sm">{t('noLessons')}</Text>
      )}
      {!error && grid && (grid.lessons.length > 0 || grid.assessments.length > 0) && (
        // A quarter's lessons are wider than a screen: the scroll area takes the focus, so that
        // the keyboard scrolls it too.
        <Table.ScrollContainer
          minWidth={480}
          type="native"
          tabIndex={0}
          role="region"
          aria-labelledby="bo-archived-journal-h"
        >
          <Table withColumnBorders data-testid="archived-journal">
            <caption className="bo-muted">
              {grid.subject.name} · {grid.period.name}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('student')}</Table.Th>
                {grid.lessons.map((l) => (
                  <Table.Th scope="col" key={l.id}>
                    {displayDate(l.date).slice(0, 5)}
                  </Table.Th>
                ))}
                {grid.assessments.map((a) => (
                  <Table.Th scope="col" key={`a${a.id}`} title={a.title}>
                    {t(a.kind)} /{a.maxPoints}
                  </Table.Th>
                ))}
                <Table.Th scope="col">{t('result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.rows.map((row) => (
                <Table.Tr key={row.student.id}>
                  <Table.Th scope="row">{row.student.fullname}</Table.Th>
                  {row.cells.map((c) => (
                    <Table.Td key={c.lessonId}>
                      {c.mark ?? ''}
                      {c.absent ? t('absent') : ''}
                    </Table.Td>
                  ))}
                  {grid.assessments.map((a) => (
                    <Table.Td key={`a${a.id}`}>{row.points[String(a.id)] ?? ''}</Table.Td>
                  ))}
                  <Table.Td>{row.result.grade ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
