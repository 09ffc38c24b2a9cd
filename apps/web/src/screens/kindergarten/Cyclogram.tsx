import { useEffect, useState } from 'react';
import { Alert, Button, Group, Select, Table, Text, Textarea } from '@mantine/core';
import {
  EDUCATIONAL_AREA_LABELS,
  REGIME_MOMENTS,
  REGIME_MOMENT_LABELS,
  WEEK_DAYS,
  WEEK_DAY_LABELS,
  cyclogramTemplate,
} from '@sabaq/platform';
import type { CyclogramCell, RegimeMoment } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { displayDate, displayDateTime, download, failure } from '../shared/api';
import { copyCyclogram, cyclogramPdfPath, saveCyclogram, useCyclogram } from './api';
import { PlanGoalPicker } from './PlanGoalPicker';
import { kgText as t } from './texts';
import '../shared/documents/documents.css';
import './kindergarten.css';

const key = (day: number, moment: RegimeMoment) => `${day}:${moment}`;

function shift(week: string, days: number): string {
  const d = new Date(`${week}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * `cyclogramm` (issue 15): a kindergarten group's week, days × regime moments. The group's
 * teacher fills it from the template, copies the previous week, saves it (a clear saved state)
 * and downloads it as PDF; the kindergarten's director and methodist read it.
 */
export default function Cyclogram() {
  const lang = currentUiLang();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [week, setWeek] = useState<string | null>(null);
  const loaded = useCyclogram(groupId, week);
  const data = loaded.data;
  const [cells, setCells] = useState<Map<string, CyclogramCell>>(new Map());
  const [dirty, setDirty] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setCells(new Map(data.cells.map((c) => [key(c.day, c.moment), c])));
    setDirty(false);
  }, [data]);

  const shownWeek = data?.week ?? week;
  const activeGroup = data?.groupId ?? null;

  const edit = (day: number, moment: RegimeMoment, text: string) => {
    setCells((prev) => {
      const next = new Map(prev);
      const before = prev.get(key(day, moment));
      next.set(key(day, moment), { ...before, day, moment, text, area: before?.area ?? null });
      return next;
    });
    setDirty(true);
  };

  const link = (day: number, moment: RegimeMoment, planItemId: number | null) => {
    setCells((prev) => {
      const before = prev.get(key(day, moment));
      if (!before) return prev;
      return new Map(prev).set(key(day, moment), { ...before, planItemId });
    });
    setDirty(true);
  };

  const save = async () => {
    if (activeGroup === null || !shownWeek) return;
    setBusy(true);
    const r = await saveCyclogram(activeGroup, shownWeek, [...cells.values()]);
    setBusy(false);
    if (r.error) return setMessage(failure(r));
    setMessage(null);
    loaded.set(r.data.data);
  };

  const copy = async () => {
    if (activeGroup === null || !shownWeek) return;
    const r = await copyCyclogram(activeGroup, shownWeek);
    if (r.error) return setMessage(failure(r));
    setMessage(null);
    loaded.set(r.data.data);
  };

  const fill = () => {
    setCells(new Map(cyclogramTemplate(lang).map((c) => [key(c.day, c.moment), c])));
    setDirty(true);
  };

  const go = (days: number) => {
    if (!shownWeek) return;
    setGroupId(activeGroup);
    setWeek(shift(shownWeek, days));
  };

  return (
    <section className="doc-page kg-page--wide" aria-labelledby="kg-cyclo-h">
      <h1 id="kg-cyclo-h" className="doc-title">
        {t('cycloTitle')}
      </h1>
      <Text mb="md">{t('cycloIntro')}</Text>
      {loaded.error && <Alert color="red">{loaded.error}</Alert>}
      {!data && !loaded.error && <Text>{t('loading')}</Text>}
      {data && data.groups.length === 0 && <Alert color="blue">{t('cycloNoGroup')}</Alert>}
      {data && data.groups.length > 0 && shownWeek && (
        <>
          <Group align="flex-end" mb="sm" wrap="wrap">
            <Select
              label={t('group')}
              data={data.groups.map((g) => ({ value: String(g.id), label: g.name }))}
              value={activeGroup === null ? null : String(activeGroup)}
              allowDeselect={false}
              onChange={(v) => {
                setGroupId(v ? Number(v) : null);
                setWeek(shownWeek);
              }}
            />
            <Button variant="default" onClick={() => go(-7)}>
              {t('prevWeek')}
            </Button>
            <Text fw={600} aria-live="polite">
              {t('week', { week: shownWeek ? displayDate(shownWeek) : '' })}
            </Text>
            <Button variant="default" onClick={() => go(7)}>
              {t('nextWeek')}
            </Button>
          </Group>
          {data.canEdit && (
            <Group mb="sm" wrap="wrap">
              <Button variant="default" onClick={fill}>
                {t('fromTemplate')}
              </Button>
              <Button variant="default" onClick={() => void copy()}>
                {t('copyPrevious')}
              </Button>
              <Button onClick={() => void save()} loading={busy} disabled={!dirty}>
                {t('save')}
              </Button>
            </Group>
          )}
          <Group mb="sm" wrap="wrap">
            <Button
              variant="default"
              onClick={() =>
                activeGroup !== null &&
                void download(
                  `${cyclogramPdfPath(activeGroup, shownWeek)}?lang=${lang}`,
                  `${t('cycloTitle')} ${shownWeek}.pdf`,
                )
              }
            >
              {t('pdf')}
            </Button>
            <Text size="sm" role="status" data-testid="cyclogram-state">
              {dirty
                ? t('unsaved')
                : data.updatedAt
                  ? t('savedAt', { date: displayDateTime(data.updatedAt) })
                  : t('notSaved')}
            </Text>
          </Group>
          {message && (
            <p role="alert" className="doc-error">
              {message}
            </p>
          )}
          <Table.ScrollContainer minWidth={900}>
            <Table withTableBorder withColumnBorders className="kg-cyclogram">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('moment')}</Table.Th>
                  {WEEK_DAYS.map((day) => (
                    <Table.Th key={day} scope="col">
                      {WEEK_DAY_LABELS[day]![lang]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {REGIME_MOMENTS.map((moment) => (
                  <Table.Tr key={moment}>
                    <Table.Th scope="row">{REGIME_MOMENT_LABELS[moment][lang]}</Table.Th>
                    {WEEK_DAYS.map((day) => {
                      const cell = cells.get(key(day, moment));
                      const label = t('cell', {
                        day: WEEK_DAY_LABELS[day]![lang],
                        moment: REGIME_MOMENT_LABELS[moment][lang],
                      });
                      return (
                        <Table.Td key={day}>
                          {data.canEdit ? (
                            <Textarea
                              aria-label={label}
                              rows={3}
                              maxLength={1000}
                              value={cell?.text ?? ''}
                              onChange={(e) => edit(day, moment, e.currentTarget.value)}
                            />
                          ) : (
                            <Text size="sm">{cell?.text ?? ''}</Text>
                          )}
                          {cell?.area && (
                            <Text size="xs" c="dimmed">
                              {EDUCATIONAL_AREA_LABELS[cell.area][lang]}
                            </Text>
                          )}
                          <PlanGoalPicker
                            cell={cell}
                            goals={data.planItems ?? []}
                            label={t('cellGoal', {
                              day: WEEK_DAY_LABELS[day]![lang],
                              moment: REGIME_MOMENT_LABELS[moment][lang],
                            })}
                            canEdit={data.canEdit}
                            lang={lang}
                            onChange={(id) => link(day, moment, id)}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </section>
  );
}
