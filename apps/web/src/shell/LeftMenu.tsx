import {
  buildMenu,
  hrefFor,
  type AppRouteId,
  type MenuGroup,
  type UiLang,
  type UrlLang,
} from '@sabaq/platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { STORAGE, storage } from '../config';
import { featureBlockOn } from '../app/feature-blocks';
import { useAppState } from '../session/store';
import type { menuIcon } from './menu-icons';

/** Spec §4: the monitoring and timetable-plan (KTP) blocks can be switched off for a deployment. */
function blockAllows(route: string): boolean {
  if (route.startsWith('monitoring-')) return featureBlockOn('monitoring');
  if (route === 'backoffice-ktp') return featureBlockOn('timetable-plan');
  return true;
}

type IconsModule = { menuIcon: typeof menuIcon };
let iconsModule: IconsModule | undefined;
let iconsLoading: Promise<IconsModule> | undefined;

/**
 * The menu's icons come in their own chunk: the landing and login stay inside their 150 KB
 * budget, and the icon's place is kept (28 px) while it loads, so nothing moves.
 */
function useMenuIcons(): IconsModule | undefined {
  const [icons, setIcons] = useState(iconsModule);
  useEffect(() => {
    if (icons) return;
    let live = true;
    iconsLoading ??= import('./menu-icons').then((module) => (iconsModule = module));
    void iconsLoading.then((module) => live && setIcons(module));
    return () => {
      live = false;
    };
  }, [icons]);
  return icons;
}

function MenuIcon({ route, icons }: { route: AppRouteId; icons: IconsModule | undefined }) {
  const Icon = icons?.menuIcon(route);
  return (
    <span className="menu__icon" aria-hidden="true">
      {Icon && <Icon size={20} stroke={1.75} />}
    </span>
  );
}

/**
 * The menu's sections and links (spec §4/§6: items by role, subscription and permissions), drawn
 * in the side column on wide screens and in the drawer under 768 px. `onNavigate` runs when an
 * item is chosen (the drawer closes).
 */
export function MenuSections({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const { lang = 'kk' } = useParams();
  const user = useAppState((s) => s.user);
  const flags = useAppState((s) => s.flags);
  const permissions = useAppState((s) => s.permissions);
  const icons = useMenuIcons();
  // A kindergarten's management group is its own, not the school's (issue 30).
  const groupKey = (group: MenuGroup) =>
    group === 'school' && user?.school?.kind === 'kindergarten'
      ? ('menu.group.kindergartenManagement' as const)
      : (`menu.group.${group}` as const);
  const sections = buildMenu({ user, lang: i18n.language as UiLang, flags, permissions })
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => blockAllows(item.route)),
    }))
    .filter((section) => section.items.length > 0);
  return sections.map((section) => (
    <div key={section.group} className="menu__section">
      <h2 className="menu__group">{t(groupKey(section.group))}</h2>
      <ul>
        {section.items.map((item) => (
          <li key={item.route}>
            <NavLink
              to={hrefFor(lang as UrlLang, item.route)}
              className="menu__link"
              end={item.route === 'main'}
              title={item.label}
              onClick={onNavigate}
            >
              <MenuIcon route={item.route} icons={icons} />
              <span className="menu__label">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  ));
}

/**
 * The side menu of wide screens (768 px and up): full labels, collapsible, the collapsed state
 * kept in localStorage (spec §4); a collapsed menu expands on hover and keyboard focus. Under
 * 768 px the shell shows the same items in a drawer instead (NavDrawer).
 */
export function LeftMenu() {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(
    () => storage('local')?.getItem(STORAGE.menuCollapsed) === '1',
  );

  const toggle = () => {
    const next = !collapsed;
    storage('local')?.setItem(STORAGE.menuCollapsed, next ? '1' : '0');
    setCollapsed(next);
  };

  return (
    <nav
      className={`menu${collapsed ? ' menu--collapsed' : ''}`}
      aria-label={t('shell.menu')}
      data-collapsed={collapsed}
    >
      <button
        type="button"
        className="menu__toggle"
        onClick={toggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t('shell.menuExpand') : t('shell.menuCollapse')}
        title={collapsed ? t('shell.menuExpand') : t('shell.menuCollapse')}
      >
        <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
      </button>
      <MenuSections />
    </nav>
  );
}
