import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { landingPath, orgKindOf, routeLabel, type UiLang, type UrlLang } from '@sabaq/platform';
import { Outlet, useLocation, useMatches, useParams } from 'react-router-dom';
import type { RouteHandle } from '../app/router';
import { isBuilt } from '../screens/registry';
import { useAppState } from '../session/store';
import { Breadcrumbs } from './Breadcrumbs';
import { Footer } from './Footer';
import { Header } from './Header';
import { InfoBar } from './InfoBar';
import { PageLoader } from './PageLoader';
import { scrollToAnchor, useViewport } from '../app/viewport';
import { ProgressBar } from './ProgressBar';
import { ScrollToTop } from './ScrollToTop';
import { ServerWarning } from './ServerWarning';
import './shell.css';

// Modals and the assistant load on first use so the landing and login stay light (budget).
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));
const LogoutConfirm = lazy(() => import('./LogoutConfirm'));
// The menu and the refused-route / ended-subscription notices are for signed-in pages: they load
// beside the page, out of the landing's and login's first bundle (scripts/budget.mjs).
const LeftMenu = lazy(() => import('./LeftMenu').then((m) => ({ default: m.LeftMenu })));
const MenuSections = lazy(() => import('./LeftMenu').then((m) => ({ default: m.MenuSections })));
const Notices = lazy(() => import('./Notices').then((m) => ({ default: m.Notices })));
const AiPanel = lazy(() => import('./AiPanel'));
const loadNavDrawer = () => import('./NavDrawer');
const NavDrawer = lazy(loadNavDrawer);

/** The frame every screen lives in (spec §1 "Shell"). */
export function Shell() {
  const { t, i18n } = useTranslation();
  const { lang } = useParams();
  const location = useLocation();
  const passwordModal = useAppState((s) => s.passwordModal);
  const session = useAppState((s) => s.session);
  const user = useAppState((s) => s.user);
  const home = user
    ? landingPath(user.role, (lang ?? 'kk') as UrlLang, isBuilt, orgKindOf(user))
    : null;
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer (the kit's Drawer and its CSS, ~60 KB) is fetched on the first sign of a tap on the
  // menu button, not with the page: a phone's first visit carries only what it shows.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Under the md breakpoint (768 px) the left menu is a drawer opened from the header.
  const { breakpoint } = useViewport();
  const small = breakpoint === 'xs' || breakpoint === 'sm';

  const closeDrawer = () => setDrawerOpen(false);
  // Once the drawer has gone, the focus is back on the button that opens it (keyboard users go on
  // from where they were; also after an item was chosen, as the new page keeps the header).
  const drawerClosed = () => menuButton.current?.focus();

  useEffect(() => {
    if (!small) setDrawerOpen(false);
  }, [small]);

  useEffect(() => {
    document.documentElement.lang = lang === 'ru' ? 'ru' : 'kk';
  }, [lang, i18n.language]);

  const matches = useMatches();
  const route = matches.map((m) => (m.handle as RouteHandle | undefined)?.route).findLast(Boolean);
  // A kindergarten's pages are titled as its menu names them («Топ», not «Сынып»; issue 30).
  const inKindergarten = orgKindOf(user) === 'kindergarten';
  const title =
    route && route.id !== 'main'
      ? `${routeLabel(route, inKindergarten)[i18n.language as UiLang]} — Sabaq`
      : 'Sabaq';
  useEffect(() => {
    // Screen readers announce the page by its title when the route changes.
    document.title = title;
  }, [title]);

  useEffect(() => {
    // A new page starts at its top, as a full page load would; a #anchor scrolls to its element,
    // 90 px below the top (spec §9), once the screen has drawn it.
    if (location.hash === '') {
      window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    const timer = setInterval(() => {
      if (scrollToAnchor(location.hash) || ++tries > 20) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [location.pathname, location.hash]);

  if (session === 'loading') {
    // A stored session is being restored: the frame waits for the user rather than drawing the
    // anonymous header and then the signed-in one (the page would jump under the reader).
    return (
      <div className="shell shell--restoring">
        <PageLoader />
      </div>
    );
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <ProgressBar />
      <Header
        onAiChat={() => setAiOpen(true)}
        setConfirmLogout={setConfirmLogout}
        small={small}
        medium={breakpoint === 'md'}
        menuOpen={drawerOpen}
        onMenu={() => {
          setDrawerWanted(true);
          setDrawerOpen(true);
        }}
        onMenuIntent={() => void loadNavDrawer()}
        menuButtonRef={menuButton}
      />
      <ServerWarning />
      <div className="shell__body">
        {!small && (
          <Suspense fallback={null}>
            <LeftMenu />
          </Suspense>
        )}
        <main id="main" className="shell__main" tabIndex={-1}>
          <InfoBar />
          <Breadcrumbs />
          <Suspense fallback={null}>
            <Notices home={home} />
          </Suspense>
          <Outlet />
        </main>
      </div>
      <Footer />
      <ScrollToTop />
      <Suspense fallback={null}>
        {small && drawerWanted && (
          <NavDrawer opened={drawerOpen} onClose={closeDrawer} onClosed={drawerClosed}>
            <nav className="menu menu--drawer" aria-label={t('shell.menu')}>
              <Suspense fallback={null}>
                <MenuSections onNavigate={closeDrawer} />
              </Suspense>
            </nav>
          </NavDrawer>
        )}
        {passwordModal !== 'closed' && <ChangePasswordModal />}
        {confirmLogout && <LogoutConfirm onClose={() => setConfirmLogout(false)} />}
        {aiOpen && (
          <AiPanel
            onClose={() => setAiOpen(false)}
            overlay={location.pathname.split('/').length <= 2}
          />
        )}
      </Suspense>
    </div>
  );
}
