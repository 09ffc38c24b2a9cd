import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  NativeSelect,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { YearNewClass, YearPreview } from '@sabaq/platform';
import { displayDate } from '../shared/api';
import type { YearT } from './year-texts';

/** The preview of the year transition: what moves, what leaves, what opens, the new quarters. */
export function YearPreviewView({
  preview,
  newClasses,
  onNewClasses,
  t,
}: {
  preview: YearPreview;
  newClasses: YearNewClass[];
  onNewClasses: (next: YearNewClass[]) => void;
  t: YearT;
}) {
  const moved = preview.moves.reduce((n, m) => n + m.pupils, 0);
  const leaving = preview.graduates.reduce((n, g) => n + g.pupils, 0);
  const setClass = (i: number, next: Partial<YearNewClass>) =>
    onNewClasses(newClasses.map((c, j) => (j === i ? { ...c, ...next } : c)));
  return (
    <>
      <section aria-labelledby="year-moves-h">
        <h3 id="year-moves-h" className="bo-subtitle">
          {t('moves')} · {t('movesCount', { n: preview.moves.length, pupils: moved })}
        </h3>
        <Table.ScrollContainer minWidth={320} type="native">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('now')}</Table.Th>
                <Table.Th scope="col">{t('becomes')}</Table.Th>
                <Table.Th scope="col">{t('pupils')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.moves.map((m) => (
                <Table.Tr key={m.groupId} data-testid="year-move">
                  <Table.Td>{m.from}</Table.Td>
                  <Table.Td>{m.to}</Table.Td>
                  <Table.Td>{m.pupils}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
      <section aria-labelledby="year-graduates-h">
        <h3 id="year-graduates-h" className="bo-subtitle">
          {t('graduates')} · {t('graduatesCount', { n: preview.graduates.length, pupils: leaving })}
        </h3>
        {preview.graduates.length ? (
          <List size="sm">
            {preview.graduates.map((g) => (
              <List.Item key={g.groupId}>
                {g.name} — {g.pupils}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{t('noGraduates')}</Text>
        )}
      </section>
      <section aria-labelledby="year-opens-h">
        <h3 id="year-opens-h" className="bo-subtitle">
          {t('opens')}
        </h3>
        {newClasses.length === 0 && <Text size="sm">{t('noOpens')}</Text>}
        {newClasses.map((c, i) => (
          <Group key={i} gap="xs" align="flex-end" mb="xs" wrap="nowrap">
            <TextInput
              label={t('letter')}
              aria-label={t('classLetter', { n: i + 1 })}
              w={90}
              maxLength={3}
              value={c.letter}
              onChange={(e) => setClass(i, { letter: e.currentTarget.value })}
            />
            <NativeSelect
              label={t('lang')}
              aria-label={t('classLang', { n: i + 1 })}
              data={preview.langs.map((l) => ({ value: String(l.id), label: l.name }))}
              value={String(c.eduLang)}
              onChange={(e) => setClass(i, { eduLang: Number(e.currentTarget.value) })}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('removeClass', { name: `1${c.letter}` })}
              onClick={() => onNewClasses(newClasses.filter((_, j) => j !== i))}
            >
              <IconTrash size={18} stroke={1.75} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            onNewClasses([...newClasses, { letter: '', eduLang: preview.langs[0]?.id ?? 1 }])
          }
        >
          {t('addClass')}
        </Button>
      </section>
      <section aria-labelledby="year-periods-h">
        <h3 id="year-periods-h" className="bo-subtitle">
          {t('periods', { year: preview.toYear })}
        </h3>
        <List size="sm">
          {preview.periods.map((p) => (
            <List.Item key={p.quarter}>
              {t('quarter', { n: p.quarter })}: {displayDate(p.start)} – {displayDate(p.end)}{' '}
              <span className="bo-muted">({p.exists ? t('exists') : t('willCreate')})</span>
            </List.Item>
          ))}
        </List>
      </section>
      {preview.conflicts.length > 0 && (
        <Alert color="red" role="alert" title={t('conflicts')}>
          <List size="sm" data-testid="year-conflicts">
            {preview.conflicts.map((c) => (
              <List.Item key={`${c.code}${c.name}`}>{c.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
