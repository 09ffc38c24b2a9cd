import { Anchor, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SchoolStatistics, StatisticsSpan } from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { AtRiskList, FiguresBlock, Overview } from './Figures';
import { useSchoolStatistics } from './api';
import { statisticsText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';

type T = ReturnType<typeof statisticsText>;

/**
 * statistics: the school's figures in a quarter for its director and deputy (a group lead sees
 * the classes they lead): headline figures, the year's trend, grades by subject, tables by
 * subject, teacher and class (a class opens its own page), pupils at risk. Issue 16.
 */
export default function School() {
  const t = statisticsText();
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [span, setSpan] = useState<StatisticsSpan>('quarter');
  const loaded = useSchoolStatistics(periodId, span);
  const data = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="stat-h">
      <Title order={1} id="stat-h">
        {data?.scope === 'groups' ? t('groupsTitle') : t('schoolTitle')}
      </Title>
      {data && <p className="tch-muted">{data.school.name}</p>}
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!data && !loaded.error && <p>{t('loading')}</p>}
      {data && <SchoolBody data={data} t={t} onPeriod={setPeriodId} onSpan={setSpan} />}
    </section>
  );
}

function SchoolBody({
  data,
  t,
  onPeriod,
  onSpan,
}: {
  data: SchoolStatistics;
  t: T;
  onPeriod: (id: number) => void;
  onSpan: (span: StatisticsSpan) => void;
}) {
  const lang = urlLang();
  return (
    <>
      <Overview data={data} gradeRows={data.subjects} onPeriod={onPeriod} onSpan={onSpan} t={t} />
      <FiguresBlock
        id="stat-groups-h"
        title={t('byGroup')}
        nameHeader={t('group')}
        rows={data.groups}
        t={t}
        link={(row) => (
          <Anchor
            component={Link}
            to={`/${lang}/statistics/${row.id}`}
            aria-label={t('openGroup', { name: row.name })}
          >
            {row.name}
          </Anchor>
        )}
      />
      <FiguresBlock
        id="stat-subjects-h"
        title={t('bySubject')}
        nameHeader={t('subject')}
        rows={data.subjects}
        t={t}
      />
      <FiguresBlock
        id="stat-teachers-h"
        title={t('byTeacher')}
        nameHeader={t('teacher')}
        rows={data.teachers}
        t={t}
      />
      <AtRiskList pupils={data.atRisk} t={t} showGroup />
    </>
  );
}
