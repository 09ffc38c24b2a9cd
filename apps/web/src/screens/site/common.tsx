import type { ReactNode } from 'react';
import { Button, Loader, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAppState } from '../../session/store';
import type { Loaded } from '../shared/api';
import { urlLang } from '../shared/api';
import { siteText } from './texts';

/** Shows a loaded value, a spinner while it loads, or the error with a retry. */
export function SiteLoad<T>({
  loaded,
  children,
  notFound,
}: {
  loaded: Loaded<T>;
  children: (data: T) => ReactNode;
  /** Shown instead of the error and Retry when there is no such thing (404, issue 29). */
  notFound?: ReactNode;
}) {
  const t = siteText();
  if (loaded.error && loaded.status === 404 && notFound) return <>{notFound}</>;
  if (loaded.error)
    return (
      <div role="alert">
        <Text c="red">{loaded.error}</Text>
        <Button variant="light" mt="xs" onClick={() => void loaded.reload()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (loaded.data === null)
    return (
      <div aria-busy="true">
        <Loader size="sm" aria-label={t('loading')} />
      </div>
    );
  return <>{children(loaded.data)}</>;
}

/** The administrator's way from a public page to its editor; nobody else sees it. */
export function EditLink({ tab }: { tab: 'faq' | 'news' | 'banners' | 'agreement' }) {
  const user = useAppState((s) => s.user);
  if (user?.role !== 'admin') return null;
  return (
    <Link className="site-edit-link" to={`/${urlLang()}/admin/site/${tab}`}>
      {siteText()('edit')}
    </Link>
  );
}
