import { BarChart } from '@mantine/charts';
import { Anchor, NativeSelect, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CountryStatistics, StatisticsSpan } from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { FigureTiles, FiguresTable, SpanSwitch, showPercent } from './Figures';
import { useCountryStatistics } from './api';
import { statisticsText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';

type T = ReturnType<typeof statisticsText>;

const ROMAN = ['I', 'II', 'III', 'IV'] as const;

const CHILD_TITLE = {
  region: 'childRegion',
  department: 'childDepartment',
  school: 'childSchool',
  group: 'childGroup',
  subject: 'childSubject',
} as const;

/**
 * statistics/country/{regionId}/{departmentId}/{schoolId}/{groupId}: the drill-down of education
 * workers (issue 16). Each starts at their own level; the levels above the page are links back
 * (breadcrumbs); the level below is a sortable table whose rows open the next level, with a chart
 * comparing them side by side.
 */
export default function Country() {
  const t = statisticsText();
  const params = useParams();
  const ids = {
    regionId: params.regionId,
    departmentId: params.departmentId,
    schoolId: params.schoolId,
    groupId: params.groupId,
  };
  const [quarter, setQuarter] = useState<number | null>(null);
  const [span, setSpan] = useState<StatisticsSpan>('quarter');
  const loaded = useCountryStatistics(ids, quarter, span);
  const data = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="stat-h">
      <Title order={1} id="stat-h">
        {data ? data.trail.at(-1)!.name : t('countryTitle')}
      </Title>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!data && !loaded.error && <p>{t('loading')}</p>}
      {data && <CountryBody data={data} t={t} onQuarter={setQuarter} onSpan={setSpan} />}
    </section>
  );
}

/** The page of a node: `/statistics/country` plus the ids down to it. */
function nodePath(lang: string, ids: readonly (number | null)[]): string {
  const tail = ids.filter((id): id is number => id !== null).join('/');
  return `/${lang}/statistics/country${tail ? `/${tail}` : ''}`;
}

function CountryBody({
  data,
  t,
  onQuarter,
  onSpan,
}: {
  data: CountryStatistics;
  t: T;
  onQuarter: (quarter: number) => void;
  onSpan: (span: StatisticsSpan) => void;
}) {
  const lang = urlLang();
  const { node } = data;
  const chain = [node.regionId, node.departmentId, node.schoolId, node.groupId];
  const depth: Record<string, number> = {
    country: 0,
    region: 1,
    department: 2,
    school: 3,
    group: 4,
  };
  const childPath = (id: number) => nodePath(lang, [...chain.slice(0, depth[data.level]), id]);
  const withData = data.children.filter((child) => child.figures.graded > 0);
  return (
    <>
      <nav aria-label={t('levels')} className="stat-trail">
        <ol>
          {data.trail.map((entry, i) => (
            <li key={entry.level}>
              {i === data.trail.length - 1 ? (
                <span aria-current="page">{entry.name}</span>
              ) : (
                <Anchor component={Link} to={nodePath(lang, chain.slice(0, depth[entry.level]))}>
                  {entry.name}
                </Anchor>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <p className="tch-muted">{t('schoolYear', { year: data.schoolYear })}</p>
      <div className="stat-controls">
        <NativeSelect
          label={t('quarter')}
          value={String(data.quarter)}
          onChange={(event) => onQuarter(Number(event.currentTarget.value))}
          data={ROMAN.map((roman, i) => ({
            value: String(i + 1),
            label: t('quarterName', { n: roman }),
          }))}
          w={{ base: '100%', sm: 220 }}
        />
        <SpanSwitch value={data.span} onChange={onSpan} t={t} />
      </div>
      {data.span === 'year' && (
        <p className="tch-muted">
          {t('yearNote', { period: t('quarterName', { n: ROMAN[data.quarter - 1]! }) })}
        </p>
      )}
      {data.pendingSchools > 0 && (
        <p role="status" className="tch-muted">
          {t('pending', { n: data.pendingSchools })}
        </p>
      )}
      <FigureTiles figures={data.figures} t={t} />
      {data.figures.graded === 0 && <p className="tch-muted">{t('nothingYet')}</p>}
      {withData.length > 1 && (
        <section className="stat-block" aria-labelledby="stat-compare-h">
          <h2 id="stat-compare-h">{t('compare')}</h2>
          <div aria-hidden className="stat-chart">
            <BarChart
              h={Math.max(160, withData.length * 48)}
              data={withData.map((child) => ({
                name: child.name,
                quality: child.figures.quality,
                success: child.figures.success,
              }))}
              dataKey="name"
              orientation="vertical"
              // Not `unit`: in a vertical chart Mantine puts it on the category axis too, and the
              // region names read «Алматы %» (issue 29). The formatter marks the values only.
              valueFormatter={showPercent}
              xAxisProps={{ domain: [0, 100] }}
              yAxisProps={{ width: 180 }}
              barChartProps={{ accessibilityLayer: false }}
              series={[
                { name: 'quality', label: t('quality'), color: 'teal.7' },
                { name: 'success', label: t('success'), color: 'indigo.6' },
              ]}
              withLegend
            />
          </div>
          <VisuallyHidden>{t('chartNote')}</VisuallyHidden>
        </section>
      )}
      <section className="stat-block" aria-labelledby="stat-children-h">
        <h2 id="stat-children-h">{t(CHILD_TITLE[data.childLevel])}</h2>
        <FiguresTable
          caption={t(CHILD_TITLE[data.childLevel])}
          nameHeader={t(CHILD_TITLE[data.childLevel])}
          extraHeader={
            data.level === 'country' || data.level === 'region' ? t('schools') : undefined
          }
          rows={data.children.map((child) => ({ ...child, extra: String(child.schools) }))}
          t={t}
          link={
            data.childLevel === 'subject'
              ? undefined
              : (row) => (
                  <Anchor
                    component={Link}
                    to={childPath(row.id)}
                    aria-label={t('open', { name: row.name })}
                  >
                    {row.name}
                  </Anchor>
                )
          }
        />
      </section>
    </>
  );
}
