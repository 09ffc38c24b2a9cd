import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Group, Select, Table, Text } from '@mantine/core';
import {
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  PLAN_MONTHS,
  PLAN_MONTH_LABELS,
  schoolYearLabel,
} from '@sabaq/platform';
import type { EducationalArea, PlanItemInput } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { displayDateTime, download, failure } from '../shared/api';
import { copyPlanMonth, planPdfPath, savePlanMonth, usePerspectivePlan } from './api';
import { PlanArea, inLanguage } from './PlanArea';
import { kgText as t } from './texts';
import '../shared/documents/documents.css';
import './kindergarten.css';

const blank = (area: EducationalArea): PlanItemInput => ({
  area,
  topic: { kz: '', ru: '' },
  goals: { kz: '', ru: '' },
});

/** The month of `?month=`, else today's (September when it is summer). */
function startMonth(asked: string | null): number {
  const month = Number(asked ?? new Date().getMonth() + 1);
  return (PLAN_MONTHS as readonly number[]).includes(month) ? month : 9;
}

/**
 * `perspective-plan` (issue 15): a kindergarten group's school year, months × educational areas.
 * The group's teacher writes a month's topics and goals (kz/ru), saves them (a clear saved
 * state), copies the previous month or last year's month and prints the month or the year; each
 * goal lists the cyclogram activities linked to it. The kindergarten's management reads.
 */
export default function PerspectivePlan() {
  const lang = currentUiLang();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [year, setYear] = useState<number | null>(null);
  const [params] = useSearchParams();
  const [month, setMonth] = useState<number>(() => startMonth(params.get('month')));
  const loaded = usePerspectivePlan(groupId, year);
  const data = loaded.data;
  const [drafts, setDrafts] = useState<Record<string, PlanItemInput>>({});
  const [dirty, setDirty] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const monthItems = (data?.items ?? []).filter((i) => i.month === month);
  useEffect(() => {
    if (!data) return;
    const items = data.items.filter((i) => i.month === month);
    setDrafts(
      Object.fromEntries(
        EDUCATIONAL_AREAS.map((area) => {
          const item = items.find((i) => i.area === area);
          return [area, item ? { area, topic: item.topic, goals: item.goals } : blank(area)];
        }),
      ),
    );
    setDirty(false);
  }, [data, month]);

  const activeGroup = data?.groupId ?? null;
  const shownYear = data?.year ?? year;

  const save = async () => {
    if (activeGroup === null || shownYear === null) return;
    setBusy(true);
    const r = await savePlanMonth(activeGroup, shownYear, month, Object.values(drafts));
    setBusy(false);
    if (r.error) return setMessage(failure(r));
    setMessage(null);
    loaded.set(r.data.data);
  };

  const copy = async (fromYear: number, fromMonth: number) => {
    if (activeGroup === null || shownYear === null) return;
    const r = await copyPlanMonth(activeGroup, shownYear, month, { fromYear, fromMonth });
    if (r.error) return setMessage(failure(r));
    setMessage(null);
    loaded.set(r.data.data);
  };

  const previous = (() => {
    const index = (PLAN_MONTHS as readonly number[]).indexOf(month);
    return index > 0 ? { year: shownYear ?? 0, month: PLAN_MONTHS[index - 1]! } : null;
  })();
  const latest = monthItems.length > 0 ? (data?.updatedAt ?? null) : null;

  const pdf = (onlyMonth: boolean) => {
    if (activeGroup === null || shownYear === null) return;
    const query = onlyMonth ? `?lang=${lang}&month=${month}` : `?lang=${lang}`;
    const when = onlyMonth ? PLAN_MONTH_LABELS[month]![lang] : schoolYearLabel(shownYear);
    void download(
      `${planPdfPath(activeGroup, shownYear)}${query}`,
      `${t('planTitle')} ${when}.pdf`,
    );
  };

  return (
    <section className="doc-page kg-page--wide" aria-labelledby="kg-plan-h">
      <h1 id="kg-plan-h" className="doc-title">
        {t('planTitle')}
      </h1>
      <Text mb="md">{t('planIntro')}</Text>
      {loaded.error && <Alert color="red">{loaded.error}</Alert>}
      {!data && !loaded.error && <Text>{t('loading')}</Text>}
      {data && data.groups.length === 0 && <Alert color="blue">{t('planNoGroup')}</Alert>}
      {data && data.groups.length > 0 && shownYear !== null && (
        <>
          <Group align="flex-end" mb="sm" wrap="wrap">
            <Select
              label={t('group')}
              data={data.groups.map((g) => ({ value: String(g.id), label: g.name }))}
              value={activeGroup === null ? null : String(activeGroup)}
              allowDeselect={false}
              onChange={(v) => {
                setGroupId(v ? Number(v) : null);
                setYear(shownYear);
              }}
            />
            <Select
              label={t('month')}
              data={PLAN_MONTHS.map((m) => ({
                value: String(m),
                label: PLAN_MONTH_LABELS[m]![lang],
              }))}
              value={String(month)}
              allowDeselect={false}
              onChange={(v) => v && setMonth(Number(v))}
            />
            <Button
              variant="default"
              onClick={() => (setGroupId(activeGroup), setYear(shownYear - 1))}
            >
              {t('prevYear')}
            </Button>
            <Text fw={600} aria-live="polite">
              {t('schoolYear', { year: schoolYearLabel(shownYear) })}
            </Text>
            <Button
              variant="default"
              onClick={() => (setGroupId(activeGroup), setYear(shownYear + 1))}
            >
              {t('nextYear')}
            </Button>
          </Group>
          <Group mb="sm" wrap="wrap">
            {data.canEdit && (
              <>
                {previous && (
                  <Button
                    variant="default"
                    onClick={() => void copy(previous.year, previous.month)}
                  >
                    {t('copyPrevMonth')}
                  </Button>
                )}
                <Button variant="default" onClick={() => void copy(shownYear - 1, month)}>
                  {t('copyPrevYear')}
                </Button>
                <Button onClick={() => void save()} loading={busy} disabled={!dirty}>
                  {t('save')}
                </Button>
              </>
            )}
            <Button variant="default" onClick={() => pdf(true)}>
              {t('pdfMonth')}
            </Button>
            <Button variant="default" onClick={() => pdf(false)}>
              {t('pdfYear')}
            </Button>
            <Text size="sm" role="status" data-testid="plan-state">
              {dirty
                ? t('unsaved')
                : latest
                  ? t('savedAt', { date: displayDateTime(latest) })
                  : t('planNotSaved')}
            </Text>
          </Group>
          {message && (
            <p role="alert" className="doc-error">
              {message}
            </p>
          )}
          <div className="kg-plan-month">
            {EDUCATIONAL_AREAS.map((area) => (
              <PlanArea
                key={area}
                area={area}
                draft={drafts[area] ?? blank(area)}
                saved={monthItems.find((i) => i.area === area)}
                canEdit={data.canEdit}
                lang={lang}
                onChange={(next) => {
                  setDrafts((prev) => ({ ...prev, [area]: next }));
                  setDirty(true);
                }}
              />
            ))}
          </div>
          <h2 className="kg-plan-area__title">{t('yearTable')}</h2>
          <Table.ScrollContainer minWidth={900}>
            <Table withTableBorder withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('month')}</Table.Th>
                  {EDUCATIONAL_AREAS.map((area) => (
                    <Table.Th key={area} scope="col">
                      {EDUCATIONAL_AREA_LABELS[area][lang]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PLAN_MONTHS.map((m) => (
                  <Table.Tr key={m}>
                    <Table.Th scope="row">{PLAN_MONTH_LABELS[m]![lang]}</Table.Th>
                    {EDUCATIONAL_AREAS.map((area) => {
                      const item = data.items.find((i) => i.month === m && i.area === area);
                      return (
                        <Table.Td key={area}>
                          {item ? inLanguage(item.topic, lang) : ''}
                          {item && item.links.length > 0 && ` (${item.links.length})`}
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
