import { Link } from 'react-router-dom';
import type { UiLang } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { urlLang } from '../shared/api';
import { subgroupName } from '../shared/subgroups';

/** Labels of the picker in both languages (the teaching catalogue belongs to the schedule screens). */
const TEXTS = {
  kz: {
    label: 'Топша',
    wholeClass: 'Бүкіл сынып',
    pupils: (n: number) => `${n} оқушы`,
    empty: 'Бұл топшада әзірге оқушы жоқ.',
  },
  ru: {
    label: 'Подгруппа',
    wholeClass: 'Весь класс',
    pupils: (n: number) => `${n} уч.`,
    empty: 'В этой подгруппе пока нет учеников.',
  },
} as const satisfies Record<UiLang, unknown>;

export function subgroupTexts(lang: UiLang = currentUiLang()) {
  return TEXTS[lang];
}

/**
 * Which page of a split subject's journal is open: the whole class or one subgroup. Links, not
 * a select, so each page has its own address (the route's subgroupId) and Tab/Enter reach it.
 */
export function SubgroupPicker({
  groupId,
  subjectId,
  subgroups,
  current,
}: {
  groupId: number;
  subjectId: number;
  subgroups: readonly { id: number; name: string; students: number }[];
  current: number | null;
}) {
  const t = subgroupTexts();
  const base = `/${urlLang()}/control/journal/groups/${groupId}/${subjectId}`;
  if (subgroups.length === 0) return null;
  return (
    <nav className="tch-tabs" aria-label={t.label}>
      <Link to={base} aria-current={current === null ? 'page' : undefined}>
        {t.wholeClass}
      </Link>
      {subgroups.map((sg) => (
        <Link
          key={sg.id}
          to={`${base}/${sg.id}`}
          aria-current={current === sg.id ? 'page' : undefined}
          aria-label={`${t.label}: ${subgroupName(sg.name, currentUiLang())}, ${t.pupils(sg.students)}`}
        >
          {subgroupName(sg.name, currentUiLang())} ({sg.students})
        </Link>
      ))}
    </nav>
  );
}
