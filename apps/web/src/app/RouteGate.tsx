import { guardRoute, type RouteDef, type UrlLang } from '@sabaq/platform';
import { Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { STORAGE, storage } from '../config';
import { SCREENS } from '../screens/registry';
import { useAppState } from '../session/store';
import { ComingSoon } from '../shell/ComingSoon';
import { PageLoader } from '../shell/PageLoader';

/** Applies the route guard (spec §4, §6) and renders the route's lazy screen. */
export function RouteGate({ route }: { route: RouteDef }) {
  const params = useParams();
  const location = useLocation();
  const session = useAppState((s) => s.session);
  const user = useAppState((s) => s.user);
  const flags = useAppState((s) => s.flags);
  const lang = params.lang as UrlLang;

  // While user-info loads, protected and login-like routes wait; public ones render at once.
  if (session === 'loading' && route.access !== 'public') return <PageLoader />;

  const decision = guardRoute({
    route,
    user,
    lang,
    path: `${location.pathname}${location.search}${location.hash}`,
    params,
    flags,
  });
  if (decision.kind === 'login') {
    storage('session')?.setItem(STORAGE.redirect, decision.remember);
    return <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  const Screen = SCREENS[route.id as keyof typeof SCREENS];
  if (!Screen) return <ComingSoon />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
