import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLang } from '@sabaq/platform';
import { Outlet, useLocation, useMatches, useParams } from 'react-router-dom';
import type { RouteHandle } from '../app/router';
import { useAppState } from '../session/store';
import { Breadcrumbs } from './Breadcrumbs';
import { Footer } from './Footer';
import { Header } from './Header';
import { InfoBar } from './InfoBar';
import { LeftMenu } from './LeftMenu';
import { ProgressBar } from './ProgressBar';
import { ScrollToTop } from './ScrollToTop';
import { ServerWarning } from './ServerWarning';
import { useDemoGuard } from './useDemoGuard';
import './shell.css';

// Modals and the assistant load on first use so the landing and login stay light (budget).
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));
const LogoutConfirm = lazy(() => import('./LogoutConfirm'));
const AiPanel = lazy(() => import('./AiPanel'));

/** The frame every screen lives in (spec §1 "Shell"). */
export function Shell() {
  const { t, i18n } = useTranslation();
  const { lang } = useParams();
  const location = useLocation();
  const passwordModal = useAppState((s) => s.passwordModal);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  useDemoGuard();

  useEffect(() => {
    document.documentElement.lang = lang === 'ru' ? 'ru' : 'kk';
  }, [lang, i18n.language]);

  const matches = useMatches();
  const route = matches.map((m) => (m.handle as RouteHandle | undefined)?.route).findLast(Boolean);
  const title =
    route && route.id !== 'main' ? `${route.label[i18n.language as UiLang]} — Sabaq` : 'Sabaq';
  useEffect(() => {
    // Screen readers announce the page by its title when the route changes.
    document.title = title;
  }, [title]);

  useEffect(() => {
    // A new page starts at its top, as a full page load would.
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <ProgressBar />
      <Header onAiChat={() => setAiOpen(true)} setConfirmLogout={setConfirmLogout} />
      <ServerWarning />
      <div className="shell__body">
        <LeftMenu />
        <main id="main" className="shell__main" tabIndex={-1}>
          <InfoBar />
          <Breadcrumbs />
          <Outlet />
        </main>
      </div>
      <Footer />
      <ScrollToTop />
      <Suspense fallback={null}>
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
