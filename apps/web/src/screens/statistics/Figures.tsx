import { BarChart, LineChart } from '@mantine/charts';
import {
  NativeSelect,
  SegmentedControl,
  Table,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { Figures, StatisticsSpan } from '@sabaq/platform';
import type { statisticsText } from './texts';
import '@mantine/charts/styles.layer.css';

type T = ReturnType<typeof statisticsText>;

/** 62.5 → «62,5 %»; null → «—» (nothing to count, never a made-up 0). */
export function showPercent(value: number | null): string {
  return value === null ? '—' : `${value.toLocaleString('ru-RU')} %`;
}

export function showAverage(value: number | null): string {
  return value === null ? '—' : value.toLocaleString('ru-RU', { minimumFractionDigits: 2 });
}

/** The period selector: the school's quarters of the year. */
export function PeriodSelect({
  periods,
  value,
  onChange,
  t,
}: {
  periods: readonly { id: number; name: string; current: boolean }[];
  value: number;
  onChange: (id: number) => void;
  t: T;
}) {
  return (
    <NativeSelect
      label={t('period')}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      data={periods.map((period) => ({
        value: String(period.id),
        label: period.current ? `${period.name} · ${t('current')}` : period.name,
      }))}
      w={{ base: '100%', sm: 280 }}
    />
  );
}

/** Quarter or year to date: what the figures and tables count (a radio group). */
export function SpanSwitch({
  value,
  onChange,
  t,
}: {
  value: StatisticsSpan;
  onChange: (span: StatisticsSpan) => void;
  t: T;
}) {
  return (
    <div className="stat-span">
      <span id="stat-span-label" className="stat-span-label">
        {t('span')}
      </span>
      <SegmentedControl
        aria-labelledby="stat-span-label"
        value={value}
        onChange={(next) => onChange(next as StatisticsSpan)}
        data={[
          { value: 'quarter', label: t('spanQuarter') },
          { value: 'year', label: t('spanYear') },
        ]}
      />
    </div>
  );
}

/** The headline figures as tiles. */
export function FigureTiles({ figures, t }: { figures: Figures; t: T }) {
  const tiles: { label: string; value: string; hint?: string }[] = [
    { label: t('quality'), value: showPercent(figures.quality), hint: t('qualityHint') },
    { label: t('success'), value: showPercent(figures.success), hint: t('successHint') },
    { label: t('average'), value: showAverage(figures.average) },
    { label: t('attendance'), value: showPercent(figures.attendance) },
    { label: t('sor'), value: showPercent(figures.sor) },
    { label: t('soch'), value: showPercent(figures.soch) },
    { label: t('usage'), value: showPercent(figures.usage), hint: t('usageHint') },
  ];
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="stat-tile">
          <dt>
            {tile.label}
            {tile.hint && <span className="stat-hint">{tile.hint}</span>}
          </dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface FigureRow {
  id: number;
  name: string;
  figures: Figures;
  /** Shown after the name column (e.g. a subject's teacher). */
  extra?: string | null;
}

/** Kazakh alphabetical order (А, Ә, Б…), numbers by value (7А before 10А). */
const collator = new Intl.Collator('kk', { numeric: true });

type SortKey = 'name' | 'quality' | 'success' | 'average' | 'attendance' | 'sor' | 'soch' | 'usage';

const COLUMNS: readonly Exclude<SortKey, 'name'>[] = [
  'quality',
  'success',
  'average',
  'attendance',
  'sor',
  'soch',
  'usage',
];

/**
 * Rows with their figures as a table, sortable by any column (a header is a button; aria-sort
 * says the order). `link` makes a row's name a link (a class to its own page).
 */
export function FiguresTable({
  caption,
  nameHeader,
  extraHeader,
  rows,
  t,
  link,
}: {
  caption: string;
  nameHeader: string;
  extraHeader?: string;
  rows: readonly FigureRow[];
  t: T;
  link?: (row: FigureRow) => ReactNode;
}) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'name',
    descending: false,
  });
  const sorted = useMemo(() => {
    const value = (row: FigureRow) => (sort.key === 'name' ? row.name : row.figures[sort.key]);
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return 0;
      // Rows with nothing to count go last in either order.
      if (x === null) return 1;
      if (y === null) return -1;
      const order = typeof x === 'string' ? collator.compare(x, String(y)) : x - Number(y);
      return sort.descending ? -order : order;
    });
  }, [rows, sort]);
  const header = (key: SortKey, label: string) => (
    <Table.Th
      key={key}
      aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}
    >
      <UnstyledButton
        className="stat-sort"
        onClick={() =>
          setSort((old) => ({
            key,
            descending: old.key === key ? !old.descending : key !== 'name',
          }))
        }
      >
        {label}
        <span aria-hidden>{sort.key === key ? (sort.descending ? ' ↓' : ' ↑') : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder className="stat-table">
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {header('name', nameHeader)}
            {extraHeader && <Table.Th>{extraHeader}</Table.Th>}
            <Table.Th>{t('pupils')}</Table.Th>
            {COLUMNS.map((key) => header(key, t(key)))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">{link ? link(row) : row.name}</Table.Th>
              {extraHeader && <Table.Td>{row.extra ?? '—'}</Table.Td>}
              <Table.Td>{row.figures.pupils}</Table.Td>
              {COLUMNS.map((key) => (
                <Table.Td key={key}>
                  {key === 'average'
                    ? showAverage(row.figures.average)
                    : showPercent(row.figures[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Quality and success over the year's quarters: a line chart and, for everyone, its table. */
export function TrendChart({
  trend,
  t,
}: {
  trend: readonly { period: { id: number; name: string }; figures: Figures }[];
  t: T;
}) {
  const data = trend.map((entry) => ({
    period: entry.period.name,
    quality: entry.figures.quality,
    success: entry.figures.success,
  }));
  return (
    <section className="stat-block" aria-labelledby="stat-trend-h">
      <h2 id="stat-trend-h">{t('trend')}</h2>
      <div aria-hidden className="stat-chart">
        <LineChart
          h={220}
          data={data}
          dataKey="period"
          unit=" %"
          yAxisProps={{ domain: [0, 100] }}
          connectNulls
          // The table below is the accessible version: the chart takes no keyboard focus.
          lineChartProps={{ accessibilityLayer: false }}
          series={[
            { name: 'quality', label: t('quality'), color: 'teal.7' },
            { name: 'success', label: t('success'), color: 'indigo.6' },
          ]}
          withLegend
        />
      </div>
      <VisuallyHidden>{t('chartNote')}</VisuallyHidden>
      <Table.ScrollContainer minWidth={420}>
        <Table withTableBorder className="stat-table">
          <caption>{t('trend')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('period')}</Table.Th>
              <Table.Th>{t('quality')}</Table.Th>
              <Table.Th>{t('success')}</Table.Th>
              <Table.Th>{t('average')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trend.map((entry) => (
              <Table.Tr key={entry.period.id}>
                <Table.Th scope="row">{entry.period.name}</Table.Th>
                <Table.Td>{showPercent(entry.figures.quality)}</Table.Td>
                <Table.Td>{showPercent(entry.figures.success)}</Table.Td>
                <Table.Td>{showAverage(entry.figures.average)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** Grades 5/4/3/2 per row as a stacked bar chart and its table. */
export function GradesChart({
  rows,
  nameHeader,
  t,
}: {
  rows: readonly FigureRow[];
  nameHeader: string;
  t: T;
}) {
  // Subjects nobody has a grade in yet would be empty bars; the tables list them.
  const graded = rows.filter((row) => row.figures.graded > 0);
  const data = graded.map((row) => ({ name: row.name, ...row.figures.grades }));
  return (
    <section className="stat-block" aria-labelledby="stat-grades-h">
      <h2 id="stat-grades-h">{t('grades')}</h2>
      <div aria-hidden className="stat-chart">
        <BarChart
          h={Math.max(160, graded.length * 40)}
          data={data}
          dataKey="name"
          type="stacked"
          orientation="vertical"
          barChartProps={{ accessibilityLayer: false }}
          yAxisProps={{ width: 140 }}
          series={[
            { name: 'five', label: t('five'), color: 'teal.7' },
            { name: 'four', label: t('four'), color: 'lime.7' },
            { name: 'three', label: t('three'), color: 'yellow.6' },
            { name: 'two', label: t('two'), color: 'red.7' },
          ]}
          withLegend
        />
      </div>
      <VisuallyHidden>{t('chartNote')}</VisuallyHidden>
      <Table.ScrollContainer minWidth={420}>
        <Table withTableBorder className="stat-table">
          <caption>{t('grades')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{nameHeader}</Table.Th>
              <Table.Th>{t('five')}</Table.Th>
              <Table.Th>{t('four')}</Table.Th>
              <Table.Th>{t('three')}</Table.Th>
              <Table.Th>{t('two')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {graded.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row">{row.name}</Table.Th>
                <Table.Td>{row.figures.grades.five}</Table.Td>
                <Table.Td>{row.figures.grades.four}</Table.Td>
                <Table.Td>{row.figures.grades.three}</Table.Td>
                <Table.Td>{row.figures.grades.two}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** Pupils with a subject below 40 % in the period, their lowest subjects first. */
export function AtRiskList({
  pupils,
  t,
  showGroup,
}: {
  pupils: readonly {
    id: number;
    name: string;
    groupName: string;
    subjects: readonly { id: number; name: string; total: number }[];
  }[];
  t: T;
  showGroup: boolean;
}) {
  return (
    <section className="stat-block" aria-labelledby="stat-risk-h">
      <h2 id="stat-risk-h">{t('atRisk')}</h2>
      {pupils.length === 0 ? (
        <p className="tch-muted">{t('atRiskNone')}</p>
      ) : (
        <ul className="stat-risk">
          {pupils.map((pupil) => (
            <li key={pupil.id}>
              <strong>{pupil.name}</strong>
              {showGroup && <span className="tch-muted"> · {pupil.groupName}</span>}:{' '}
              {pupil.subjects
                .map((subject) => `${subject.name} ${showPercent(subject.total)}`)
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A titled block with one figures table; the heading is also the table's caption. */
export function FiguresBlock({
  id,
  title,
  ...table
}: { id: string; title: string } & Omit<Parameters<typeof FiguresTable>[0], 'caption'>) {
  return (
    <section className="stat-block" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <FiguresTable caption={title} {...table} />
    </section>
  );
}

/** The top of a school's or a class's page: the quarter, headline figures, trend and grades. */
export function Overview({
  data,
  gradeRows,
  onPeriod,
  onSpan,
  t,
}: {
  data: {
    periods: Parameters<typeof PeriodSelect>[0]['periods'];
    period: { id: number; name: string };
    span: StatisticsSpan;
    figures: Figures;
    trend: Parameters<typeof TrendChart>[0]['trend'];
  };
  gradeRows: readonly FigureRow[];
  onPeriod: (id: number) => void;
  onSpan: (span: StatisticsSpan) => void;
  t: T;
}) {
  return (
    <>
      <div className="stat-controls">
        <PeriodSelect periods={data.periods} value={data.period.id} onChange={onPeriod} t={t} />
        <SpanSwitch value={data.span} onChange={onSpan} t={t} />
      </div>
      {data.span === 'year' && (
        <p className="tch-muted">{t('yearNote', { period: data.period.name })}</p>
      )}
      <FigureTiles figures={data.figures} t={t} />
      {data.figures.graded === 0 && <p className="tch-muted">{t('empty')}</p>}
      <TrendChart trend={data.trend} t={t} />
      {data.figures.graded > 0 && <GradesChart rows={gradeRows} nameHeader={t('subject')} t={t} />}
    </>
  );
}
