import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { KitProvider, Preview, translator } from '@sabaq/editor';
import { CATALOGUE_ATTACHERS, CATALOGUE_COPIERS } from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { useAppState } from '../../session/store';
import { displayDateTime, failure } from '../shared/api';
import { copyToDrafts, useCatalogueItem } from './api';
import { AttachToLesson } from './AttachToLesson';
import { builderPath } from './CatalogueList';
import { catalogueText as t, typeName } from './texts';

/**
 * One catalogue item: its published snapshot played as a student would (the builder's own
 * Preview, as content/lectures/control/preview uses; its heading is the title), with copying
 * into one's drafts.
 */
export function CatalogueItemView({ id, backTo }: { id: string; backTo: string }) {
  const lang = currentUiLang();
  const navigate = useNavigate();
  const role = useAppState((s) => s.user?.role) as Role | undefined;
  const loaded = useCatalogueItem(id);
  const [error, setError] = useState<string | null>(null);
  const canCopy = role !== undefined && (CATALOGUE_COPIERS as readonly Role[]).includes(role);
  const canAttach = role !== undefined && (CATALOGUE_ATTACHERS as readonly Role[]).includes(role);

  const copy = async () => {
    const r = await copyToDrafts(id);
    if (r.error) setError(failure(r));
    else navigate(builderPath(r.data.data.type, r.data.data.id));
  };

  if (loaded.error)
    return (
      <div role="alert">
        <p>{loaded.error}</p>
        <Link to={backTo}>{t('back')}</Link>
      </div>
    );
  if (!loaded.data) return <Text>{t('loading')}</Text>;
  const { item, draft } = loaded.data;
  // Issue 28: another school's exam still being sat comes without its keys and stays put.
  const inUse = item.inUseUntil !== null;
  return (
    <KitProvider>
      <section aria-label={item.title}>
        <Link to={backTo}>{t('back')}</Link>
        <Group gap={6} wrap="wrap" mb="sm">
          <Badge variant="light">{typeName(item.type)}</Badge>
          {item.subjectName ? <Badge variant="outline">{item.subjectName}</Badge> : null}
          <Text size="sm">{t('author', { name: item.authorName })}</Text>
          {canCopy && !inUse ? (
            <Button size="compact-sm" onClick={() => void copy()}>
              {t('copy')}
            </Button>
          ) : null}
          {canAttach && !inUse ? <AttachToLesson draftId={item.id} title={item.title} /> : null}
        </Group>
        {item.inUseUntil ? (
          <Alert color="orange" mb="sm" data-testid="exam-in-use">
            {t('inUse', { date: displayDateTime(item.inUseUntil) })}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" mb="sm">
            {error}
          </Alert>
        ) : null}
        <Preview draft={draft} t={translator(lang)} />
      </section>
    </KitProvider>
  );
}
