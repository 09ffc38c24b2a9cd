import { useContext, type ReactNode } from 'react';
import { MantineContext, MantineProvider } from '@mantine/core';

/**
 * The editor draws with the app's UI kit (Mantine). Inside the app it uses the app's provider
 * and theme; rendered on its own (component tests, a screen without the shell) it brings a
 * default one, so every kit component has its context.
 */
export function KitProvider({ children }: { children: ReactNode }) {
  const outer = useContext(MantineContext);
  if (outer) return <>{children}</>;
  return <MantineProvider>{children}</MantineProvider>;
}
