import { Anchor, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import type { AssessmentStage } from '@sabaq/platform';
import { path, urlLang } from '../shared/api';
import { ExportButtons } from './ExportButtons';
import { useGroups } from './api';
import { ChildrenTable, Distribution, StageSelect, isStage } from './Parts';
import { developmentText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';

/**
 * individual-card (a teacher: the groups she leads) and individual_card-director (management:
 * every group of the kindergarten): children × areas at a stage, each child's card one click away;
 * management opens a group's page with its chart.
 */
export function CardGroups({ director }: { director: boolean }) {
  const t = developmentText();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('stage');
  const stage: AssessmentStage = isStage(asked) ? asked : 'start';
  const loaded = useGroups(stage);
  const lang = urlLang();
  const cardPath = (id: number) =>
    director
      ? `/${lang}/individual_card-director/children/${id}`
      : `/${lang}/individual-card/individual_card/children/${id}`;
  return (
    <section className="tch-page" aria-labelledby="dev-h">
      <Title order={1} id="dev-h">
        {t('cardsTitle')}
      </Title>
      <StageSelect value={stage} onChange={(next) => setSearch({ stage: next })} t={t} />
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!loaded.data && !loaded.error && <p>{t('loading')}</p>}
      {loaded.data?.groups.length === 0 && <p>{t('noGroups')}</p>}
      {loaded.data?.groups.map((group) => (
        <section key={group.id} className="stat-block" aria-labelledby={`group-${group.id}`}>
          <h2 id={`group-${group.id}`}>
            {director ? (
              <Anchor
                component={Link}
                to={`/${lang}/individual_card-director/${group.id}?stage=${stage}`}
                aria-label={t('openGroup', { name: group.name })}
              >
                {group.name}
              </Anchor>
            ) : (
              group.name
            )}
          </h2>
          <p className="tch-muted">{group.ageGroupTitle}</p>
          <ExportButtons
            url={`${path('development.groupExport', { groupId: group.id })}?stage=${stage}`}
            name={group.name}
            t={t}
          />
          <ChildrenTable group={group} cardPath={cardPath} t={t} />
          {!director && <Distribution group={group} t={t} />}
        </section>
      ))}
    </section>
  );
}

export default function TeacherCards() {
  return <CardGroups director={false} />;
}

export function DirectorCards() {
  return <CardGroups director />;
}
