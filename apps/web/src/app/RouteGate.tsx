import { guardRoute, type RouteDef, type UiLang, type UrlLang } from '@sabaq/platform';
import { useTranslation } from 'react-i18next';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { STORAGE, storage } from '../config';
import { CurrentRouteContext, recordVisit } from './origin';
import { PromoScreen, SCREENS, isBuilt } from '../screens/registry';
import { useAppState } from '../session/store';
import { ComingSoon } from '../shell/ComingSoon';
import { PageLoader } from '../shell/PageLoader';
import { CONTENT_SCREENS, useDemoGuard } from '../shell/useDemoGuard';

/** A demo subscription's copy block, on content screens only (shell/useDemoGuard.ts). */
function ContentGuard({ routeId, children }: { routeId: string; children: ReactNode }) {
  useDemoGuard(CONTENT_SCREENS.has(routeId));
  return <>{children}</>;
}

/** The location state of a refused route's redirect: why, and the page that was refused. */
export interface RefusedState {
  readonly refused: { readonly reason: 'role' | 'subscription'; readonly page: string };
}

/** Applies the route guard (spec §4, §6) and renders the route's lazy screen. */
export function RouteGate({ route }: { route: RouteDef }) {
  const params = useParams();
  const { i18n } = useTranslation();
  const location = useLocation();
  const session = useAppState((s) => s.session);
  const user = useAppState((s) => s.user);
  const flags = useAppState((s) => s.flags);
  const flagsLoaded = useAppState((s) => s.flagsLoaded);
  const lang = params.lang as UrlLang;
  const path = `${location.pathname}${location.search}${location.hash}`;

  // While user-info loads, protected and login-like routes wait; public ones render at once.
  // A route behind a feature flag also waits for the flags (a reload must not send it home).
  const loading =
    (session === 'loading' && route.access !== 'public') || (!!route.flag && !flagsLoaded);
  const decision = loading ? null : guardRoute({ route, user, lang, path, params, flags, isBuilt });

  // Every screen actually shown is a visit: the next page type remembers it as its origin.
  const shown = decision?.kind === 'allow';
  useEffect(() => {
    if (shown) recordVisit({ routeId: route.id, path });
  }, [shown, route.id, path]);

  if (!decision) return <PageLoader />;
  if (decision.kind === 'login') {
    storage('session')?.setItem(STORAGE.redirect, decision.remember);
    return <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'redirect') {
    // Issue 30: a refused route says why on the page the user is sent to (shell/Notices.tsx).
    const state: RefusedState | undefined = decision.refused
      ? { refused: { reason: decision.refused, page: route.label[i18n.language as UiLang] } }
      : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  if (decision.kind === 'promo')
    return (
      <CurrentRouteContext.Provider value={route.id}>
        <Suspense fallback={<PageLoader />}>
          <PromoScreen page={decision.page} />
        </Suspense>
      </CurrentRouteContext.Provider>
    );

  const Screen = SCREENS[route.id as keyof typeof SCREENS];
  return (
    <CurrentRouteContext.Provider value={route.id}>
      {Screen ? (
        <ContentGuard routeId={route.id}>
          <Suspense fallback={<PageLoader />}>
            <Screen />
          </Suspense>
        </ContentGuard>
      ) : (
        <ComingSoon />
      )}
    </CurrentRouteContext.Provider>
  );
}
