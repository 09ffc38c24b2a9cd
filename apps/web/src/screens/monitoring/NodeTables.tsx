import { BarChart } from '@mantine/charts';
import { Anchor, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type {
  CompletionFigures,
  CompletionGroupView,
  GroupStatisticView,
  GroupsStatisticView,
} from '@sabaq/platform';
import { displayDate, urlLang } from '../shared/api';
import { STATUS_KEY, TYPE_KEY, showPercent } from './PeriodSelect';
import type { MonitoringTexts } from './texts';

/** The tables every monitoring page shares: completion tiles, node rows, groups, respondents. */

export function CompletionTiles({
  figures,
  t,
}: {
  figures: CompletionFigures;
  t: MonitoringTexts;
}) {
  const tiles = [
    { label: t('expected'), value: String(figures.expected) },
    { label: t('submittedCount'), value: String(figures.submitted) },
    { label: t('drafts'), value: String(figures.drafts) },
    { label: t('completion'), value: showPercent(figures.completion, t) },
    { label: t('score'), value: showPercent(figures.score, t) },
  ];
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="stat-tile">
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface NodeRow {
  id: number;
  name: string;
  organizations: number;
  figures: CompletionFigures;
}

export function CompletionTable({
  caption,
  rows,
  showOrganizations,
  link,
  t,
}: {
  caption: string;
  rows: readonly NodeRow[];
  showOrganizations: boolean;
  link: (row: NodeRow) => ReactNode;
  t: MonitoringTexts;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder className="stat-table">
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('name')}</Table.Th>
            {showOrganizations && <Table.Th>{t('organizations')}</Table.Th>}
            <Table.Th>{t('expected')}</Table.Th>
            <Table.Th>{t('submittedCount')}</Table.Th>
            <Table.Th>{t('drafts')}</Table.Th>
            <Table.Th>{t('completion')}</Table.Th>
            <Table.Th>{t('score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">{link(row)}</Table.Th>
              {showOrganizations && <Table.Td>{row.organizations}</Table.Td>}
              <Table.Td>{row.figures.expected}</Table.Td>
              <Table.Td>{row.figures.submitted}</Table.Td>
              <Table.Td>{row.figures.drafts}</Table.Td>
              <Table.Td>{showPercent(row.figures.completion, t)}</Table.Td>
              <Table.Td>{showPercent(row.figures.score, t)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Scores per group of questions: a chart of the node's groups, and per child node a table. */
export function GroupsTable({
  data,
  caption,
  t,
}: {
  data: GroupsStatisticView;
  caption: string;
  t: MonitoringTexts;
}) {
  if (!data.questionnaire) return null;
  const scored = data.groups.filter((group) => group.score !== null);
  return (
    <>
      <p className="tch-muted">
        {data.questionnaire.name}. {t('groupsNote')}
      </p>
      {scored.length === 0 && <p>{t('nothingSent')}</p>}
      {scored.length > 0 && (
        <div aria-hidden className="stat-chart">
          <BarChart
            h={Math.max(140, scored.length * 48)}
            data={scored.map((group) => ({ name: group.name, score: group.score }))}
            dataKey="name"
            orientation="vertical"
            // `unit` would mark the group names too in a vertical chart (issue 29).
            valueFormatter={(value: number) => showPercent(value, t)}
            xAxisProps={{ domain: [0, 100] }}
            yAxisProps={{ width: 200 }}
            barChartProps={{ accessibilityLayer: false }}
            series={[{ name: 'score', label: t('score'), color: 'teal.7' }]}
          />
        </div>
      )}
      {scored.length > 0 && <VisuallyHidden>{t('chartNote')}</VisuallyHidden>}
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder className="stat-table">
          <caption>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              {data.groups.map((group) => (
                <Table.Th key={group.id}>{group.name}</Table.Th>
              ))}
              <Table.Th>{t('score')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row">{row.name}</Table.Th>
                {row.scores.map((score, i) => (
                  <Table.Td key={data.groups[i]!.id}>{showPercent(score, t)}</Table.Td>
                ))}
                <Table.Td>{showPercent(row.score, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('score')}</Table.Th>
              {data.groups.map((group) => (
                <Table.Td key={group.id}>{showPercent(group.score, t)}</Table.Td>
              ))}
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** One group of questions: per question, how many chose each option. */
export function GroupAnswers({ data, t }: { data: GroupStatisticView; t: MonitoringTexts }) {
  return (
    <div>
      <p className="tch-muted">
        {t('answered', { n: data.responses })} ·{' '}
        {t('scoreOf', { score: showPercent(data.score, t).replace(' %', '') })}
      </p>
      {data.questions.map((question, i) => (
        <div key={question.id} className="mon-question">
          <h4>
            {i + 1}. {question.text}
          </h4>
          <p className="tch-muted">
            {t('answered', { n: question.answered })}
            {question.mean !== null &&
              ` · ${t('mean', { n: String(question.mean).replace('.', ',') })}`}
            {question.score !== null &&
              ` · ${t('scoreOf', { score: showPercent(question.score, t).replace(' %', '') })}`}
          </p>
          {question.options.length > 0 && (
            <Table withTableBorder className="stat-table" maw={560}>
              <caption>{question.text}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('option')}</Table.Th>
                  <Table.Th>{t('count')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {question.options.map((option) => (
                  <Table.Tr key={option.id}>
                    <Table.Th scope="row">{option.label}</Table.Th>
                    <Table.Td>{option.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      ))}
    </div>
  );
}

/** An organization's respondents: status, date, score, and a way to read what was sent. */
export function RespondentsTable({
  data,
  periodId,
  t,
}: {
  data: CompletionGroupView;
  periodId: number;
  t: MonitoringTexts;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder className="stat-table">
        <caption>{t('respondents')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('respondent')}</Table.Th>
            <Table.Th>{t('position')}</Table.Th>
            <Table.Th>{t('type')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
            <Table.Th>{t('sentOn')}</Table.Th>
            <Table.Th>{t('score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.respondents.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">
                {row.status === 'submitted' ? (
                  <Anchor
                    component={Link}
                    to={`/${urlLang()}/monitoring-teacher/${row.id}/${row.questionnaireId}?periodId=${periodId}`}
                    aria-label={t('open', { name: row.name })}
                  >
                    {row.name}
                  </Anchor>
                ) : (
                  row.name
                )}
              </Table.Th>
              <Table.Td>{row.position || t('noData')}</Table.Td>
              <Table.Td>{t(TYPE_KEY[row.groupType])}</Table.Td>
              <Table.Td>{t(STATUS_KEY[row.status])}</Table.Td>
              <Table.Td>{row.submittedAt ? displayDate(row.submittedAt) : t('noData')}</Table.Td>
              <Table.Td>{showPercent(row.score, t)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
