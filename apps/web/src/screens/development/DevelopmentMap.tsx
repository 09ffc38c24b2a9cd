import { Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { AssessmentStage } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { urlLang } from '../shared/api';
import { useMap } from './api';
import { ChildrenTable, Distribution, StageSelect, isStage } from './Parts';
import { developmentText } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';

/**
 * development-map: the group's map of development — each child's level per educational area at a
 * stage, and the group's distribution of levels per area (kindergarden subscription).
 */
export default function DevelopmentMap() {
  const t = developmentText();
  const role = useAppState((state) => state.user?.role);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('stage');
  const stage: AssessmentStage = isStage(asked) ? asked : 'start';
  const loaded = useMap(stage);
  const lang = urlLang();
  const management = role === 'director' || role === 'zavuch';
  return (
    <section className="tch-page" aria-labelledby="dev-h">
      <Title order={1} id="dev-h">
        {t('mapTitle')}
      </Title>
      <StageSelect value={stage} onChange={(next) => setSearch({ stage: next })} t={t} />
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!loaded.data && !loaded.error && <p>{t('loading')}</p>}
      {loaded.data?.groups.length === 0 && <p>{t('noGroups')}</p>}
      {loaded.data?.groups.map((group) => (
        <section key={group.id} className="stat-block" aria-labelledby={`map-${group.id}`}>
          <h2 id={`map-${group.id}`}>{group.name}</h2>
          <p className="tch-muted">{group.ageGroupTitle}</p>
          <ChildrenTable
            group={group}
            cardPath={(id) =>
              management
                ? `/${lang}/individual_card-director/children/${id}`
                : `/${lang}/individual-card/individual_card/children/${id}`
            }
            t={t}
          />
          <Distribution group={group} t={t} />
        </section>
      ))}
    </section>
  );
}
