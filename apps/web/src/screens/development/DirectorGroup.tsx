import { Anchor, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { AssessmentStage } from '@sabaq/platform';
import { path, urlLang } from '../shared/api';
import { ExportButtons } from './ExportButtons';
import { useGroup } from './api';
import { ChildrenTable, Distribution, StageSelect, isStage } from './Parts';
import { developmentText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';

/** individual_card-director/{groupId}: one group's levels per area (chart and table) and children. */
export default function DirectorGroup() {
  const t = developmentText();
  const { groupId } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('stage');
  const stage: AssessmentStage = isStage(asked) ? asked : 'start';
  const loaded = useGroup(Number(groupId), stage);
  const group = loaded.data?.group;
  const lang = urlLang();
  return (
    <section className="tch-page" aria-labelledby="dev-h">
      <Title order={1} id="dev-h">
        {group ? group.name : t('cardsTitle')}
      </Title>
      {group && <p className="tch-muted">{group.ageGroupTitle}</p>}
      <StageSelect value={stage} onChange={(next) => setSearch({ stage: next })} t={t} />
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!loaded.data && !loaded.error && <p>{t('loading')}</p>}
      {group && (
        <>
          <ExportButtons
            url={`${path('development.groupExport', { groupId: group.id })}?stage=${stage}`}
            name={group.name}
            t={t}
          />
          <Distribution group={group} t={t} />
          <section className="stat-block" aria-labelledby="dev-children-h">
            <h2 id="dev-children-h">{t('children')}</h2>
            <ChildrenTable
              group={group}
              cardPath={(id) => `/${lang}/individual_card-director/children/${id}`}
              t={t}
            />
          </section>
        </>
      )}
      <Anchor component={Link} to={`/${lang}/individual_card-director?stage=${stage}`}>
        {t('back')}
      </Anchor>
    </section>
  );
}
