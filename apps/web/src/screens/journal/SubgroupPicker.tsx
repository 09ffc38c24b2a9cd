import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
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

/** Set when the picker changed the page: the new page's picker takes the focus back. */
let refocus = false;

/**
 * Which page of a split subject's journal is open: the whole class or one subgroup, as the kit's
 * tabs (←/→ move between them, Enter or Space opens one; Home/End to the ends). Each page has its
 * own address (the route's subgroupId), so a tab opens that address; the journal is its panel.
 */
export function SubgroupPicker({
  groupId,
  subjectId,
  subgroups,
  current,
  children,
}: {
  groupId: number;
  subjectId: number;
  subgroups: readonly { id: number; name: string; students: number }[];
  current: number | null;
  children: ReactNode;
}) {
  const t = subgroupTexts();
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  const base = `/${urlLang()}/control/journal/groups/${groupId}/${subjectId}`;
  const value = current === null ? 'all' : String(current);
  useEffect(() => {
    if (!refocus) return;
    refocus = false;
    list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, []);
  if (subgroups.length === 0) return <>{children}</>;
  return (
    <Tabs
      value={value}
      activateTabWithKeyboard={false}
      onChange={(next) => {
        if (!next || next === value) return;
        refocus = true;
        navigate(next === 'all' ? base : `${base}/${next}`);
      }}
    >
      <Tabs.List ref={list} aria-label={t.label}>
        <Tabs.Tab value="all">{t.wholeClass}</Tabs.Tab>
        {subgroups.map((sg) => (
          <Tabs.Tab
            key={sg.id}
            value={String(sg.id)}
            aria-label={`${t.label}: ${subgroupName(sg.name, currentUiLang())}, ${t.pupils(sg.students)}`}
          >
            {subgroupName(sg.name, currentUiLang())} ({sg.students})
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {/* The journal below the tabs, laid out as the page is. */}
      <Tabs.Panel value={value} pt="md" className="tch-page-panel">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
