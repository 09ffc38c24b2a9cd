import { Anchor, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { GroupStatistics, StatisticsSpan } from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { AtRiskList, FiguresBlock, Overview } from './Figures';
import { useGroupStatistics } from './api';
import { statisticsText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';

type T = ReturnType<typeof statisticsText>;

/**
 * statistics/{groupId}: one class in a quarter: figures, trend, grades and figures by subject
 * with its teacher, by pupil, and pupils at risk. Issue 16.
 */
export default function Group() {
  const t = statisticsText();
  const groupId = Number(useParams().groupId);
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [span, setSpan] = useState<StatisticsSpan>('quarter');
  const loaded = useGroupStatistics(groupId, periodId, span);
  const data = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="stat-h">
      <Title order={1} id="stat-h">
        {data ? t('groupTitle', { name: data.group.name }) : t('schoolTitle')}
      </Title>
      <Anchor component={Link} to={`/${urlLang()}/statistics`}>
        {t('back')}
      </Anchor>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!data && !loaded.error && <p>{t('loading')}</p>}
      {data && <GroupBody data={data} t={t} onPeriod={setPeriodId} onSpan={setSpan} />}
    </section>
  );
}

function GroupBody({
  data,
  t,
  onPeriod,
  onSpan,
}: {
  data: GroupStatistics;
  t: T;
  onPeriod: (id: number) => void;
  onSpan: (span: StatisticsSpan) => void;
}) {
  const subjects = data.subjects.map((subject) => ({ ...subject, extra: subject.teacher }));
  return (
    <>
      <Overview data={data} gradeRows={subjects} onPeriod={onPeriod} onSpan={onSpan} t={t} />
      <FiguresBlock
        id="stat-subjects-h"
        title={t('bySubject')}
        nameHeader={t('subject')}
        extraHeader={t('teacher')}
        rows={subjects}
        t={t}
      />
      <FiguresBlock
        id="stat-pupils-h"
        title={t('byPupil')}
        nameHeader={t('pupil')}
        rows={data.pupils}
        t={t}
      />
      <AtRiskList pupils={data.atRisk} t={t} showGroup={false} />
    </>
  );
}
