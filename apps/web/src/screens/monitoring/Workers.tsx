import { Anchor, NativeSelect, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  QUESTIONNAIRE_GROUP_TYPES,
  type CompletionView,
  type QuestionnaireGroupType,
} from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { useCompletion, useCompletionGroup, usePeriods, type NodeBody } from './api';
import { ExportButtons } from './ExportButtons';
import { GroupResults } from './GroupResults';
import { CompletionTable, CompletionTiles, RespondentsTable } from './NodeTables';
import { PeriodSelect, TYPE_KEY, choosePeriod } from './PeriodSelect';
import { monitoringText, type MonitoringTexts } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';
import './monitoring.css';

type Top = 'country' | 'region' | 'department';

/** The ids in a worker's path, below their own level. */
const PARAMS: Record<Top, readonly ('regionId' | 'departmentId' | 'organizationId')[]> = {
  country: ['regionId', 'departmentId', 'organizationId'],
  region: ['departmentId', 'organizationId'],
  department: ['organizationId'],
};

const CHILD_TITLE = {
  country: 'childRegion',
  region: 'childDepartment',
  department: 'childOrganization',
  organization: 'childOrganization',
} as const;

/**
 * monitoring-country/{regionId}/{departmentId}/{organizationId}, monitoring-region/…,
 * monitoring-department/…: education workers follow questionnaires down their own tree: who has
 * answered at each level, the results by groups of questions, and at an organization its
 * respondents. The levels above are breadcrumbs; each row opens the level below.
 */
export function WorkersMonitoring({ top }: { top: Top }) {
  const t = monitoringText();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const periods = usePeriods();
  const periodId = choosePeriod(periods.data, search.get('periodId'));
  const askedType = search.get('groupType') as QuestionnaireGroupType | null;
  const groupType =
    askedType && QUESTIONNAIRE_GROUP_TYPES.includes(askedType) ? askedType : undefined;
  const ids = Object.fromEntries(
    PARAMS[top].flatMap((name) => (params[name] ? [[name, Number(params[name])]] : [])),
  ) as Partial<Record<'regionId' | 'departmentId' | 'organizationId', number>>;
  const node: NodeBody | null =
    periodId === null
      ? null
      : {
          periodId,
          ...(groupType ? { groupType } : {}),
          ...(ids.regionId ? { regionId: ids.regionId } : {}),
          ...(ids.departmentId ? { departmentId: ids.departmentId } : {}),
          ...(ids.organizationId ? { organizationIds: [ids.organizationId] } : {}),
        };
  const loaded = useCompletion(node);
  const data = loaded.data;
  const error = periods.error ?? loaded.error;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };
  return (
    <section className="tch-page" aria-labelledby="mon-h">
      <Title order={1} id="mon-h">
        {data ? data.trail.at(-1)!.name : t('workersTitle')}
      </Title>
      <p className="tch-muted">{t('workersTitle')}</p>
      {error && <p role="alert">{error}</p>}
      {data && <Trail data={data} top={top} search={search} t={t} />}
      <div className="mon-filters">
        {periods.data && periodId !== null && (
          <PeriodSelect
            periods={periods.data}
            value={periodId}
            onChange={(id) => set('periodId', String(id))}
            t={t}
          />
        )}
        <NativeSelect
          label={t('type')}
          value={groupType ?? ''}
          onChange={(event) => set('groupType', event.currentTarget.value)}
          data={[
            { value: '', label: t('allTypes') },
            ...QUESTIONNAIRE_GROUP_TYPES.map((type) => ({ value: type, label: t(TYPE_KEY[type]) })),
          ]}
          w={{ base: '100%', sm: 320 }}
        />
      </div>
      {!data && !error && <p>{t('loading')}</p>}
      {data && node && <NodeBodyView data={data} node={node} top={top} search={search} t={t} />}
    </section>
  );
}

/** `/monitoring-{top}` plus the ids down to a node, keeping the period and type chosen. */
function nodePath(top: Top, ids: readonly number[], search: URLSearchParams): string {
  const query = search.toString();
  const tail = ids.length > 0 ? `/${ids.join('/')}` : '';
  return `/${urlLang()}/monitoring-${top}${tail}${query ? `?${query}` : ''}`;
}

/** The ids of the trail below the caller's own level (the path's parameters). */
function pathIds(data: CompletionView): number[] {
  return data.trail.slice(1).map((entry) => entry.id!);
}

function Trail({
  data,
  top,
  search,
  t,
}: {
  data: CompletionView;
  top: Top;
  search: URLSearchParams;
  t: MonitoringTexts;
}) {
  const ids = pathIds(data);
  return (
    <nav aria-label={t('levels')} className="stat-trail">
      <ol>
        {data.trail.map((entry, i) => (
          <li key={entry.level}>
            {i === data.trail.length - 1 ? (
              <span aria-current="page">{entry.name}</span>
            ) : (
              <Anchor component={Link} to={nodePath(top, ids.slice(0, i), search)}>
                {entry.name}
              </Anchor>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function NodeBodyView({
  data,
  node,
  top,
  search,
  t,
}: {
  data: CompletionView;
  node: NodeBody;
  top: Top;
  search: URLSearchParams;
  t: MonitoringTexts;
}) {
  const organization = data.level === 'organization';
  const ids = pathIds(data);
  const schoolId = data.trail.at(-1)!.id!;
  return (
    <>
      <CompletionTiles figures={data.figures} t={t} />
      {organization ? (
        <ExportButtons
          exports={[
            { id: 'monitoring.exportSchool', label: t('exportXlsx') },
            { id: 'monitoring.exportPdfSchool', label: t('exportPdf') },
          ]}
          body={{
            periodId: node.periodId,
            schoolId,
            ...(node.groupType ? { groupType: node.groupType } : {}),
          }}
          t={t}
        />
      ) : (
        <ExportButtons
          exports={[
            { id: 'monitoring.export', label: t('exportXlsx') },
            { id: 'monitoring.exportPdf', label: t('exportPdf') },
            ...(data.level === 'country'
              ? []
              : [{ id: 'monitoring.exportSchoolPages' as const, label: t('exportPages') }]),
          ]}
          body={node}
          t={t}
        />
      )}
      {organization ? (
        // The organization of the data shown (the node may already be the next page's).
        <Respondents node={node} schoolId={schoolId} t={t} />
      ) : (
        <section className="stat-block" aria-labelledby="mon-children-h">
          <h2 id="mon-children-h">{t(CHILD_TITLE[data.level])}</h2>
          <CompletionTable
            caption={t(CHILD_TITLE[data.level])}
            rows={data.rows}
            showOrganizations={data.level !== 'department'}
            link={(row) => (
              <Anchor
                component={Link}
                to={nodePath(top, [...ids, row.id], search)}
                aria-label={t('open', { name: row.name })}
              >
                {row.name}
              </Anchor>
            )}
            t={t}
          />
        </section>
      )}
      <GroupResults
        node={node}
        groupType={(node.groupType as QuestionnaireGroupType) ?? 'teacher'}
        t={t}
      />
    </>
  );
}

function Respondents({
  node,
  schoolId,
  t,
}: {
  node: NodeBody;
  schoolId: number;
  t: MonitoringTexts;
}) {
  const loaded = useCompletionGroup({
    periodId: node.periodId,
    schoolId,
    ...(node.groupType ? { groupType: node.groupType } : {}),
  });
  return (
    <section className="stat-block" aria-labelledby="mon-staff-h">
      <h2 id="mon-staff-h">{t('respondents')}</h2>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!loaded.data && !loaded.error && <p>{t('loading')}</p>}
      {loaded.data && <RespondentsTable data={loaded.data} periodId={node.periodId} t={t} />}
    </section>
  );
}

export function CountryMonitoring() {
  return <WorkersMonitoring top="country" />;
}
export function RegionMonitoring() {
  return <WorkersMonitoring top="region" />;
}
export function DepartmentMonitoring() {
  return <WorkersMonitoring top="department" />;
}
