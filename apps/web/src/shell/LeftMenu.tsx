import { buildMenu, hrefFor, type UiLang, type UrlLang } from '@sabaq/platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { BREAKPOINT_MD, STORAGE, storage } from '../config';
import { useAppState } from '../session/store';

function useSmallScreen(): boolean {
  const query = `(max-width: ${BREAKPOINT_MD - 0.02}px)`;
  const [small, setSmall] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setSmall(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return small;
}

/**
 * Spec §4/§6 left menu: items by role, subscription and permissions; collapsed state kept in
 * localStorage; a collapsed menu expands on hover (and keyboard focus); always collapsed under 768 px.
 */
export function LeftMenu() {
  const { t, i18n } = useTranslation();
  const { lang = 'kk' } = useParams();
  const user = useAppState((s) => s.user);
  const flags = useAppState((s) => s.flags);
  const permissions = useAppState((s) => s.permissions);
  const small = useSmallScreen();
  const [stored, setStored] = useState(
    () => storage('local')?.getItem(STORAGE.menuCollapsed) === '1',
  );
  const collapsed = small || stored;
  const sections = buildMenu({ user, lang: i18n.language as UiLang, flags, permissions });

  const toggle = () => {
    const next = !stored;
    storage('local')?.setItem(STORAGE.menuCollapsed, next ? '1' : '0');
    setStored(next);
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
        disabled={small}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t('shell.menuExpand') : t('shell.menuCollapse')}
      >
        <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
      </button>
      {sections.map((section) => (
        <div key={section.group} className="menu__section">
          <h2 className="menu__group">{t(`menu.group.${section.group}`)}</h2>
          <ul>
            {section.items.map((item) => (
              <li key={item.route}>
                <NavLink
                  to={hrefFor(lang as UrlLang, item.route)}
                  className="menu__link"
                  end={item.route === 'main'}
                >
                  <span className="menu__icon" aria-hidden="true">
                    {item.label.slice(0, 1)}
                  </span>
                  <span className="menu__label">{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
