import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { AGE_GROUPS, AGE_GROUP_LABELS } from '@sabaq/platform';
import type { AgeGroup, MediaCard, MediaKind } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { failure, urlLang } from '../shared/api';
import { removeMedia, useCatalogue } from './api';
import { MediaEditor } from './MediaEditor';
import { clock, mediaText as t } from './texts';
import './media.css';

/**
 * The media catalogue (spec §1, §2 `media`, `media/video`, `media/audio`): cartoons and audio
 * playlists by age group and subject, with search, for everyone signed in. Players open with a
 * subscription (or the school's B2B); the content editors add, change and delete entries here.
 */
export function MediaCatalogue({ kind }: { kind?: MediaKind }) {
  const lang = currentUiLang();
  const [age, setAge] = useState<AgeGroup | null>(null);
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [kindFilter, setKindFilter] = useState<MediaKind | null>(kind ?? null);
  const [words, setWords] = useState('');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<MediaCard | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = useCatalogue({
    kind: kindFilter ?? undefined,
    age: age ?? undefined,
    subjectId: subjectId ? Number(subjectId) : undefined,
    q: words.trim() || undefined,
  });
  const data = loaded.data;
  const heading =
    kind === 'video' ? t('videoTitle') : kind === 'audio' ? t('audioTitle') : t('catalogueTitle');

  const confirmRemove = async (card: MediaCard) => {
    const r = await removeMedia(card.id);
    setRemoving(null);
    setNotice(r.error ? failure(r) : t('removed', { title: card.title[lang] }));
    await loaded.reload();
  };

  return (
    <section className="media-page" aria-labelledby="media-h">
      <h1 id="media-h" className="media-title">
        {heading}
      </h1>
      <Text mb="md">{t('catalogueIntro')}</Text>
      <form role="search" className="media-filters" onSubmit={(e) => e.preventDefault()}>
        {!kind && (
          <Select
            label={t('kind')}
            data={[
              { value: 'video', label: t('kindVideo') },
              { value: 'audio', label: t('kindAudio') },
            ]}
            placeholder={t('all')}
            clearable
            value={kindFilter}
            onChange={(value) => setKindFilter(value as MediaKind | null)}
          />
        )}
        <Select
          label={t('age')}
          placeholder={t('anyAge')}
          clearable
          data={AGE_GROUPS.map((value) => ({ value, label: AGE_GROUP_LABELS[value][lang] }))}
          value={age}
          onChange={(value) => setAge(value as AgeGroup | null)}
        />
        <Select
          label={t('subject')}
          placeholder={t('anySubject')}
          clearable
          searchable
          data={(data?.subjects ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={subjectId}
          onChange={setSubjectId}
        />
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          type="search"
          value={words}
          onChange={(e) => setWords(e.currentTarget.value)}
        />
      </form>
      {data && !data.open && (
        <Alert color="yellow" mb="md" data-testid="media-locked">
          <Text mb="xs">{t('locked')}</Text>
          <Button component={Link} to={`/${urlLang()}/tariffs`} size="compact-md">
            {t('toTariffs')}
          </Button>
        </Alert>
      )}
      {data?.canManage && (
        <Button mb="md" onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      )}
      {notice && (
        <Text role="status" mb="sm">
          {notice}
        </Text>
      )}
      {loaded.error && <Text role="alert">{loaded.error}</Text>}
      {!data && !loaded.error && <Text>{t('loading')}</Text>}
      {data && data.items.length === 0 && <Text>{t('empty')}</Text>}
      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" className="media-grid">
          {data.items.map((card) => (
            <li key={card.id}>
              <Card
                card={card}
                open={data.open}
                manage={data.canManage}
                onEdit={() => setEditing(card.id)}
                onRemove={() => setRemoving(card)}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      {editing !== null && (
        <MediaEditor
          id={editing === 'new' ? null : editing}
          subjects={data?.subjects ?? []}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            setNotice(t('saved'));
            await loaded.reload();
          }}
        />
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? t('remove', { title: removing.title[lang] }) : ''}
      >
        <Text mb="md">{removing && t('removeConfirm', { title: removing.title[lang] })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={() => removing && void confirmRemove(removing)}>
            {t('yes')}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}

function Card(props: {
  card: MediaCard;
  open: boolean;
  manage: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { card } = props;
  const lang = currentUiLang();
  const title = card.title[lang];
  const to = `/${urlLang()}/media/${card.kind}/${card.id}`;
  return (
    <Paper withBorder p="sm" className="media-card">
      {card.posterUrl && <img src={card.posterUrl} alt="" className="media-poster" />}
      <h2 className="media-card-title">{title}</h2>
      <Group gap={6} mb={6}>
        <Badge variant="light">{card.kind === 'video' ? t('kindVideo') : t('kindAudio')}</Badge>
        <Badge variant="outline">{AGE_GROUP_LABELS[card.ageGroup][lang]}</Badge>
        {card.subject && <Badge variant="outline">{card.subject.name}</Badge>}
      </Group>
      <Text size="sm">{card.description[lang]}</Text>
      <Text size="sm" c="dimmed">
        {t('duration', { time: clock(card.durationSeconds) })}
        {card.kind === 'audio' && ` · ${t('tracks', { n: card.trackCount })}`}
      </Text>
      <Group gap="xs" mt="sm">
        {props.open && (
          <Button component={Link} to={to} size="compact-md" aria-label={t('open', { title })}>
            {t('play')}
          </Button>
        )}
        {props.manage && (
          <>
            <Button
              size="compact-md"
              variant="default"
              onClick={props.onEdit}
              aria-label={t('edit', { title })}
            >
              ✎
            </Button>
            <Button
              size="compact-md"
              variant="default"
              color="red"
              onClick={props.onRemove}
              aria-label={t('remove', { title })}
            >
              ✕
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}
