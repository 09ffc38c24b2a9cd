import { Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { usePeriods, useQuestionnaire } from './api';
import { PeriodSelect, choosePeriod } from './PeriodSelect';
import { QuestionnaireList } from './QuestionnaireList';
import { monitoringText } from './texts';
import '../shared/teaching.css';
import './monitoring.css';

/** monitoring-teacher: the caller's questionnaires of a period, with their status. */
export default function Teacher() {
  const t = monitoringText();
  const [search, setSearch] = useSearchParams();
  const periods = usePeriods();
  const periodId = choosePeriod(periods.data, search.get('periodId'));
  const loaded = useQuestionnaire(periodId === null ? null : { periodId });
  const data = loaded.data;
  const period = periods.data?.find((p) => p.id === periodId);
  const error = periods.error ?? loaded.error;
  return (
    <section className="tch-page" aria-labelledby="mon-h">
      <Title order={1} id="mon-h">
        {t('teacherTitle')}
      </Title>
      {error && <p role="alert">{error}</p>}
      {periods.data && periodId !== null && (
        <PeriodSelect
          periods={periods.data}
          value={periodId}
          onChange={(id) => setSearch({ periodId: String(id) }, { replace: true })}
          t={t}
        />
      )}
      {!data && !error && <p>{t('loading')}</p>}
      {data && periodId !== null && (
        <>
          {period && !period.isCurrent && <p className="tch-muted">{t('periodClosed')}</p>}
          <QuestionnaireList
            items={data.list}
            userId={data.respondent.id}
            periodId={periodId}
            canFill={Boolean(period?.isCurrent)}
            t={t}
          />
        </>
      )}
    </section>
  );
}
