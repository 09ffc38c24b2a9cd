import { Link, useParams } from 'react-router-dom';
import { path, urlLang, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import '../shared/teaching.css';
import { subgroupName } from '../shared/subgroups';
import { currentUiLang } from '../../app/services';
import { useCrumbLabels } from '../../shell/crumb-labels';

/** control/journal/groups/{groupId}: subjects (and subgroups) of the group. */
export default function Group() {
  const t = teachingText();
  const lang = urlLang();
  const id = Number(useParams().groupId);
  const d = useLoad<{
    group: { id: number; name: string };
    subjects: {
      id: number;
      name: string;
      subgroups: { id: number; name: string; students: number }[];
    }[];
  }>(path('journal.group', { groupId: id }));
  useCrumbLabels({ 'journal-group': d.data?.group.name });
  if (d.error) return <p role="alert">{d.error}</p>;
  if (!d.data) return <p>{t('loading')}</p>;
  return (
    <section className="tch-page" aria-labelledby="jg-h">
      <h1 id="jg-h">
        {t('journal')} · {d.data.group.name}
      </h1>
      <ul>
        {d.data.subjects.map((s) => (
          <li key={s.id}>
            <Link to={`/${lang}/control/journal/groups/${id}/${s.id}`}>{s.name}</Link>
            {s.subgroups.map((sg) => (
              <span key={sg.id}>
                {' · '}
                <Link to={`/${lang}/control/journal/groups/${id}/${s.id}/${sg.id}`}>
                  {subgroupName(sg.name, currentUiLang())} ({sg.students})
                </Link>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
