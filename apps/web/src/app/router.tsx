import { ROUTES, isUrlLang, normalizeLangPath, type RouteDef } from '@sabaq/platform';
import {
  Navigate,
  createBrowserRouter,
  useLocation,
  useParams,
  type RouteObject,
} from 'react-router-dom';
import { Shell } from '../shell/Shell';
import { RouteError } from '../shell/RouteError';
import { RouteGate } from './RouteGate';

export interface RouteHandle {
  readonly route: RouteDef;
}

/** `/{lang}` must be kk or ru (spec §2); anything else is normalised before the shell renders. */
function LangGate() {
  const { lang } = useParams();
  const location = useLocation();
  if (!isUrlLang(lang)) {
    const to = normalizeLangPath(location.pathname, location.search, location.hash) ?? '/kk';
    return <Navigate to={to} replace />;
  }
  return <Shell />;
}

function RootRedirect() {
  const location = useLocation();
  return (
    <Navigate
      to={normalizeLangPath(location.pathname, location.search, location.hash) ?? '/kk'}
      replace
    />
  );
}

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.map((route): RouteObject => {
    const handle: RouteHandle = { route };
    const element = <RouteGate route={route} />;
    return route.path === ''
      ? { index: true, handle, element }
      : { path: route.path, handle, element };
  });
  return [
    { path: '/:lang', element: <LangGate />, errorElement: <RouteError />, children },
    { path: '*', element: <RootRedirect /> },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
