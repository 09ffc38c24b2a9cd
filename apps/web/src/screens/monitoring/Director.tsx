import { NativeSelect, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { QUESTIONNAIRE_GROUP_TYPES, type QuestionnaireGroupType } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { useCompletionGroup, usePeriods, useQuestionnaire } from './api';
import { ExportButtons } from './ExportButtons';
import { GroupResults } from './GroupResults';
import { CompletionTiles, RespondentsTable } from './NodeTables';
import { PeriodSelect, TYPE_KEY, choosePeriod } from './PeriodSelect';
import { QuestionnaireList } from './QuestionnaireList';
import { monitoringText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';
import './monitoring.css';

/**
 * monitoring-director: the organization's monitoring for its director and deputy: the director's
 * own questionnaire, who of the staff has answered, and the results by groups of questions.
 */
export default function Director() {
  const t = monitoringText();
  const role = useAppState((state) => state.user?.role);
  const [search, setSearch] = useSearchParams();
  const periods = usePeriods();
  const periodId = choosePeriod(periods.data, search.get('periodId'));
  const period = periods.data?.find((p) => p.id === periodId);
  const mine = useQuestionnaire(periodId !== null && role === 'director' ? { periodId } : null);
  const staff = useCompletionGroup(periodId === null ? null : { periodId });
  const present = [...new Set(staff.data?.respondents.map((r) => r.groupType) ?? [])].filter(
    (type) => type !== 'director',
  );
  const askedType = search.get('groupType') as QuestionnaireGroupType | null;
  const groupType: QuestionnaireGroupType =
    askedType && QUESTIONNAIRE_GROUP_TYPES.includes(askedType)
      ? askedType
      : (present[0] ?? 'teacher');
  const error = periods.error ?? staff.error;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(key, value);
    setSearch(next, { replace: true });
  };
  return (
    <section className="tch-page" aria-labelledby="mon-h">
      <Title order={1} id="mon-h">
        {staff.data?.organization.name ?? t('directorTitle')}
      </Title>
      <p className="tch-muted">{t('directorTitle')}</p>
      {error && <p role="alert">{error}</p>}
      {periods.data && periodId !== null && (
        <PeriodSelect
          periods={periods.data}
          value={periodId}
          onChange={(id) => set('periodId', String(id))}
          t={t}
        />
      )}
      {mine.data && periodId !== null && (
        <section className="stat-block" aria-labelledby="mon-mine-h">
          <h2 id="mon-mine-h">{t('myQuestionnaire')}</h2>
          <QuestionnaireList
            items={mine.data.list}
            userId={mine.data.respondent.id}
            periodId={periodId}
            canFill={Boolean(period?.isCurrent)}
            t={t}
          />
        </section>
      )}
      {!staff.data && !error && <p>{t('loading')}</p>}
      {staff.data && periodId !== null && (
        <>
          <section className="stat-block" aria-labelledby="mon-staff-h">
            <h2 id="mon-staff-h">{t('respondents')}</h2>
            <CompletionTiles figures={staff.data.figures} t={t} />
            <ExportButtons
              exports={[
                { id: 'monitoring.exportSchool', label: t('exportXlsx') },
                { id: 'monitoring.exportPdfSchool', label: t('exportPdf') },
              ]}
              body={{ periodId }}
              t={t}
            />
            <RespondentsTable data={staff.data} periodId={periodId} t={t} />
          </section>
          <NativeSelect
            label={t('type')}
            value={groupType}
            onChange={(event) => set('groupType', event.currentTarget.value)}
            data={[...new Set([...present, 'director' as const])].map((type) => ({
              value: type,
              label: t(TYPE_KEY[type]),
            }))}
            w={{ base: '100%', sm: 320 }}
          />
          <GroupResults
            node={{ periodId, organizationIds: [staff.data.organization.id] }}
            groupType={groupType}
            t={t}
          />
        </>
      )}
    </section>
  );
}
