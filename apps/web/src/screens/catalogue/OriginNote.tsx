import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Text } from '@mantine/core';
import { api } from '../../app/services';
import { itemPath } from './paths';
import { catalogueText as t } from './texts';

interface Origin {
  origin: { draftId: string; version: number; title: string } | null;
}

/**
 * `catalogue.origin` of the policy table. Written out rather than looked up with `path()`: this
 * note rides in the builder's chunk, which must not pull the whole policy table (the editor's
 * 200 KB budget).
 */
const originUrl = (draftId: string) => `/api/v2/os/catalogue-origin/${encodeURIComponent(draftId)}`;

/**
 * In the builder: "copied from «title», version N" for a draft copied from the catalogue (its
 * history starts at the copy). Nothing for other drafts or someone else's.
 */
export function OriginNote({ draftId, type }: { draftId: string; type: string }) {
  const [origin, setOrigin] = useState<Origin['origin']>(null);
  useEffect(() => {
    let live = true;
    setOrigin(null);
    void api.get<{ data: Origin }>(originUrl(draftId), { handle: 'silent' }).then((result) => {
      if (live && !result.error) setOrigin(result.data.data.origin);
    });
    return () => {
      live = false;
    };
  }, [draftId]);
  if (!origin) return null;
  return (
    <Text size="sm" mb="xs" data-testid="draft-origin">
      {t('copiedFrom', { version: origin.version })}{' '}
      <Link to={itemPath({ id: origin.draftId, type })}>{origin.title}</Link>
    </Text>
  );
}
