import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { Loaded } from '../shared/api';
import type { T } from './texts';

/** Loading, error with a retry, or the loaded data. */
export function LoadState<D>({
  loaded,
  t,
  children,
}: {
  loaded: Loaded<D>;
  t: T;
  children: (data: D) => ReactNode;
}) {
  if (loaded.error)
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{loaded.error}</Text>
          <Button variant="default" size="xs" onClick={() => void loaded.reload()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (loaded.data === null)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('loading')}</Text>
      </Group>
    );
  return <>{children(loaded.data)}</>;
}

/** Page header: the title and, on the right (below on phones), the actions. */
export function PageHead({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" mb="md">
      <h1 id={id} className="bo-title">
        {title}
      </h1>
      {children ? <Group gap="sm">{children}</Group> : null}
    </Group>
  );
}
