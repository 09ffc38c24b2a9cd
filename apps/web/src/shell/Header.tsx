import { inGroup, type UiLang } from '@sabaq/platform';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useRef, useState, type Ref } from 'react';
import { Link, useParams } from 'react-router-dom';
import { logout, switchLanguage } from '../app/services';
import { store, useAppState } from '../session/store';

// Only a signed-in user on a small screen needs the kit's Menu, and only once they reach for it:
// its code (Menu, Popover, floating-ui, focus trap: ~40 KB) stays off the landing and off the
// first signed-in page until a pointer or the focus reaches the user button.
const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazy(loadUserMenu);

const LANGS: readonly { lang: UiLang; code: string; name: string }[] = [
  { lang: 'kz', code: 'KK', name: 'Қазақша' },
  { lang: 'ru', code: 'RU', name: 'Русский' },
];

/**
 * Spec §1 header. Under 768 px (`small`) it is one row of at most 64 px: the menu button that
 * opens the left-menu drawer, the logo, the language switch and the login button or the user menu
 * (name, AI assistant, consultation, password change, logout). From 768 to 1008 px (`medium`) the
 * header keeps one row by using the same user menu; from 1009 px it shows those inline.
 */
export function Header({
  onAiChat,
  setConfirmLogout,
  small,
  medium = false,
  menuOpen,
  onMenu,
  onMenuIntent,
  menuButtonRef,
}: {
  onAiChat: () => void;
  setConfirmLogout: (open: boolean) => void;
  small: boolean;
  /** 768–1008 px: the side menu is there, but the user's items go into the user menu. */
  medium?: boolean;
  menuOpen: boolean;
  onMenu: () => void;
  /** A pointer or the focus reached the menu button: a tap is likely, fetch the drawer now. */
  onMenuIntent?: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}) {
  const { t, i18n } = useTranslation();
  const { lang = 'kk' } = useParams();
  const user = useAppState((s) => s.user);
  const flags = useAppState((s) => s.flags);
  const conference = useAppState((s) => s.conferenceActive);
  const unsent = useAppState((s) => s.outbox);
  const current = i18n.language as UiLang;
  const consultation = t('consultation.link');
  const fullName = user
    ? `${user.surname} ${user.firstname}${inGroup(user.role, 'employees') && user.position ? `, ${user.position}` : ''}`
    : '';

  const onLogout = () => {
    // Spec §4: during a video conference logout asks first.
    // Issue 31: so does it while writes made offline still wait (logout wipes them).
    if (conference || unsent > 0) setConfirmLogout(true);
    else void logout();
  };

  const consultationLink =
    user && user.role !== 'student' && /^https?:\/\//.test(consultation) ? consultation : undefined;
  const aiChat = user && flags.has('gpt-feature') ? onAiChat : undefined;

  const langSwitch = (
    <div className="lang-switch" role="group" aria-label={t('header.language')}>
      {LANGS.map((l) => (
        <button
          key={l.lang}
          type="button"
          lang={l.lang === 'kz' ? 'kk' : 'ru'}
          aria-pressed={current === l.lang}
          aria-label={`${l.code} — ${l.name}`}
          onClick={() => current !== l.lang && switchLanguage(l.lang)}
        >
          {l.code}
        </button>
      ))}
    </div>
  );

  const userMenu = user && (
    <LazyUserMenu
      fullName={fullName}
      avatar={user.avatar}
      onAiChat={aiChat}
      consultation={consultationLink}
      onLogout={onLogout}
      label={t('shell.userMenu')}
    />
  );

  if (small)
    return (
      <header className="header header--compact">
        <button
          ref={menuButtonRef}
          type="button"
          className="header__menu-button"
          aria-label={t('shell.menuOpen')}
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          onClick={onMenu}
          onPointerDown={onMenuIntent}
          onPointerEnter={onMenuIntent}
          onFocus={onMenuIntent}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <Link to={`/${lang}`} className="header__logo" title={t('header.home')}>
          <Logo size={28} />
          <span>{t('app.name')}</span>
        </Link>
        <div className="header__actions">
          {langSwitch}
          {user ? (
            userMenu
          ) : (
            <Link className="button" to={`/${lang}/login`}>
              {t('header.login')}
            </Link>
          )}
        </div>
      </header>
    );

  return (
    <header className="header">
      <Link to={`/${lang}`} className="header__logo" title={t('header.home')}>
        <Logo size={32} />
        <span>{t('app.name')}</span>
      </Link>
      <div className="header__actions">
        {flags.has('landing-feature') && (
          <Link className="button button--ghost" to={`/${lang}/tariffs`}>
            {t('header.tariffs')}
          </Link>
        )}
        {aiChat && !medium && (
          <button type="button" className="button button--ghost" onClick={aiChat}>
            {t('header.aiChat')}
          </button>
        )}
        {consultationLink && !medium && (
          <a
            className="button button--ghost"
            href={consultationLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('consultation.title')}
          </a>
        )}
        {langSwitch}
        {user && medium ? (
          userMenu
        ) : user ? (
          <div className="header__user">
            {user.avatar ? (
              <img className="header__avatar" src={user.avatar} alt="" width={32} height={32} />
            ) : null}
            <span className="header__name" title={fullName}>
              {fullName}
            </span>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => store.set({ passwordModal: 'open' })}
            >
              {t('password.title')}
            </button>
            <button type="button" className="button" onClick={onLogout}>
              {t('header.logout')}
            </button>
          </div>
        ) : (
          <Link className="button" to={`/${lang}/login`}>
            {t('header.login')}
          </Link>
        )}
      </div>
    </header>
  );
}

/**
 * The user button of the compact header: a plain button that looks like the kit's until a pointer
 * or the focus reaches it, then the kit's Menu (arrow keys, Esc, focus back). The swap keeps what
 * the user did: a click before the menu's code arrived opens it when it does, and a focused button
 * hands the focus to its successor.
 */
function LazyUserMenu({
  label,
  ...menu
}: {
  label: string;
  fullName: string;
  avatar?: string | null;
  onAiChat?: () => void;
  consultation?: string;
  onLogout: () => void;
}) {
  const [wanted, setWanted] = useState(false);
  const clicked = useRef(false);
  const focused = useRef(false);
  const want = () => {
    void loadUserMenu();
    setWanted(true);
  };
  const plain = (
    <button
      type="button"
      className="header__user-button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={want}
      onPointerDown={() => {
        // A press that the swap may cut short (its click then reaches neither button).
        clicked.current = true;
        want();
      }}
      onFocus={() => {
        focused.current = true;
        want();
      }}
      onBlur={() => (focused.current = false)}
      onClick={() => {
        clicked.current = true;
        want();
      }}
    >
      <UserIcons avatar={menu.avatar} />
    </button>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      {/* Refs, not values: Suspense renders this element as it was made, before the click. */}
      <UserMenu {...menu} openedBefore={clicked} focusedBefore={focused} />
    </Suspense>
  );
}

/** Tabler's user-circle and chevron-down, drawn here so the plain button needs no icon chunk. */
function UserIcons({ avatar }: { avatar?: string | null | undefined }) {
  const line = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  return (
    <>
      {avatar ? (
        <img className="header__avatar" src={avatar} alt="" width={24} height={24} />
      ) : (
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          strokeWidth="1.75"
          aria-hidden="true"
          {...line}
        >
          <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
          <path d="M9 10a3 3 0 1 0 6 0a3 3 0 1 0 -6 0" />
          <path d="M6.168 18.849a4 4 0 0 1 3.832 -2.849h4a4 4 0 0 1 3.834 2.855" />
        </svg>
      )}
      <svg width="14" height="14" viewBox="0 0 24 24" strokeWidth="2" aria-hidden="true" {...line}>
        <path d="M6 9l6 6l6 -6" />
      </svg>
    </>
  );
}

/**
 * The Sabaq mark (public/favicon.svg) drawn inline: as an <img> it was one more request on every
 * page, revalidated each time (the favicon is not a hashed file), beside the browser's own
 * favicon request (issue 29).
 */
function Logo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1c64c8" />
      <path
        d="M9 22c2 1.5 4.2 2 6.5 2 3.6 0 6.5-1.8 6.5-4.6 0-5.6-11.6-3.6-11.6-8.2C10.4 9.6 12.3 8 15.4 8c2 0 3.8.6 5.3 1.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
