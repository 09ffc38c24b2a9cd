import { MantineProvider, createTheme } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './router';
import { useAppState } from '../session/store';
import { loadNotifications, setNavigator } from './services';

const Notifications = lazy(() =>
  loadNotifications().then((m) => ({ default: () => <m.Notifications position="top-right" /> })),
);

const theme = createTheme({
  // Mantine's dimmed description grey is below WCAG AA on white; this one passes (axe check).
  components: { InputWrapper: { styles: { description: { color: '#4a5361' } } } },
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
});

export function App() {
  const router = useMemo(() => {
    const created = createRouter();
    setNavigator((to, options) => void created.navigate(to, options));
    return created;
  }, []);
  const noticesMounted = useAppState((s) => s.noticesMounted);
  return (
    <MantineProvider theme={theme}>
      {noticesMounted && (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      )}
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
