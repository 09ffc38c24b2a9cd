import { BarChart } from '@mantine/charts';
import { Anchor, NativeSelect, Table, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  ASSESSMENT_STAGES,
  ASSESSMENT_STAGE_LABELS,
  EDUCATIONAL_AREAS,
  EDUCATIONAL_AREA_LABELS,
  type AssessmentStage,
  type DevelopmentGroup,
} from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import type { DevelopmentTexts } from './texts';

/** Pieces every card screen shares: the stage chooser, levels, the children table, the chart. */

const ROMAN = { 1: 'I', 2: 'II', 3: 'III' } as const;

export function roman(level: 1 | 2 | 3 | null, t: DevelopmentTexts): string {
  return level === null ? t('notAssessed') : ROMAN[level];
}

export function stageName(stage: AssessmentStage): string {
  return ASSESSMENT_STAGE_LABELS[stage][currentUiLang()];
}

export function isStage(value: string | null): value is AssessmentStage {
  return (ASSESSMENT_STAGES as readonly string[]).includes(value ?? '');
}

export function StageSelect({
  value,
  onChange,
  t,
}: {
  value: AssessmentStage;
  onChange: (stage: AssessmentStage) => void;
  t: DevelopmentTexts;
}) {
  return (
    <NativeSelect
      label={t('stage')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as AssessmentStage)}
      data={ASSESSMENT_STAGES.map((stage) => ({ value: stage, label: stageName(stage) }))}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

/** Children × areas for one stage, each child a link to their card. */
export function ChildrenTable({
  group,
  cardPath,
  t,
}: {
  group: DevelopmentGroup;
  cardPath: (childId: number) => string;
  t: DevelopmentTexts;
}) {
  const lang = currentUiLang();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder className="stat-table">
        <caption>
          {group.name}: {t('children')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('child')}</Table.Th>
            {EDUCATIONAL_AREAS.map((area) => (
              <Table.Th key={area}>{EDUCATIONAL_AREA_LABELS[area][lang]}</Table.Th>
            ))}
            <Table.Th>{t('overall')}</Table.Th>
            <Table.Th>{t('assessed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.children.map((child) => (
            <Table.Tr key={child.id}>
              <Table.Th scope="row">
                <Anchor
                  component={Link}
                  to={cardPath(child.id)}
                  aria-label={t('openCard', { name: child.name })}
                >
                  {child.name}
                </Anchor>
              </Table.Th>
              {EDUCATIONAL_AREAS.map((area) => (
                <Table.Td key={area}>{roman(child.areas[area], t)}</Table.Td>
              ))}
              <Table.Td>{roman(child.overall, t)}</Table.Td>
              <Table.Td>
                {child.assessed} / {child.skills}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The group's distribution of levels per area: a stacked chart and the same numbers as a table. */
export function Distribution({ group, t }: { group: DevelopmentGroup; t: DevelopmentTexts }) {
  const assessed = group.distribution.some((d) => d.level1 + d.level2 + d.level3 > 0);
  return (
    <section className="stat-block" aria-labelledby={`dist-${group.id}`}>
      <h2 id={`dist-${group.id}`}>{t('distribution')}</h2>
      {!assessed && <p className="tch-muted">{t('nothing')}</p>}
      {assessed && (
        <>
          <div aria-hidden className="stat-chart">
            <BarChart
              h={260}
              data={group.distribution.map((d) => ({
                area: d.title,
                level1: d.level1,
                level2: d.level2,
                level3: d.level3,
              }))}
              dataKey="area"
              type="stacked"
              barChartProps={{ accessibilityLayer: false }}
              series={[
                { name: 'level1', label: t('level1'), color: 'red.7' },
                { name: 'level2', label: t('level2'), color: 'yellow.6' },
                { name: 'level3', label: t('level3'), color: 'teal.7' },
              ]}
              withLegend
            />
          </div>
          <VisuallyHidden>{t('chartNote')}</VisuallyHidden>
        </>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder className="stat-table">
          <caption>{t('distribution')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('area')}</Table.Th>
              <Table.Th>{t('level1')}</Table.Th>
              <Table.Th>{t('level2')}</Table.Th>
              <Table.Th>{t('level3')}</Table.Th>
              <Table.Th>{t('none')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.distribution.map((d) => (
              <Table.Tr key={d.area}>
                <Table.Th scope="row">{d.title}</Table.Th>
                <Table.Td>{d.level1}</Table.Td>
                <Table.Td>{d.level2}</Table.Td>
                <Table.Td>{d.level3}</Table.Td>
                <Table.Td>{d.none}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
