import { useEffect, useState } from 'react';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { AGE_GROUPS, AGE_GROUP_LABELS } from '@sabaq/platform';
import type { AgeGroup, MediaInput, MediaKind } from '@sabaq/platform';
import { api, currentUiLang } from '../../app/services';
import { failure, path } from '../shared/api';
import type { MediaDetail } from '@sabaq/platform';
import { readDuration, saveMedia, uploadMediaFile } from './api';
import { FilePick } from './FilePick';
import { PlaylistTracks, trackKey } from './PlaylistTracks';
import type { TrackDraft } from './PlaylistTracks';
import { mediaText as t } from './texts';

const blank: MediaInput = {
  kind: 'video',
  title: { kz: '', ru: '' },
  description: { kz: '', ru: '' },
  ageGroup: 'preschool',
  subjectId: null,
  posterId: null,
  fileId: null,
  durationSeconds: null,
  captions: { kz: null, ru: null },
  tracks: [],
};

/**
 * The content editor's form (methodist, site administrator): a cartoon (video, captions kz/ru,
 * poster) or a playlist (tracks in order), with kz/ru titles and descriptions, age group and
 * subject. Files go up through the file service (`use=media`, progress shown) as they are picked;
 * the server's field errors (kz/ru) appear under their fields and nothing typed is lost.
 */
export function MediaEditor(props: {
  id: number | null;
  subjects: readonly { id: number; name: string }[];
  onClose: () => void;
  onSaved: () => void | Promise<void>;
}) {
  const lang = currentUiLang();
  const [form, setForm] = useState<MediaInput>(blank);
  const [tracks, setTracks] = useState<TrackDraft[]>([]);
  const [errors, setErrors] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (props.id === null) return;
    void api
      .get<{ data: MediaDetail }>(path('media.show', { mediaId: props.id }), { handle: 'silent' })
      .then((r) => {
        if (r.error) return setMessage(failure(r));
        const d = r.data.data;
        setForm({
          kind: d.kind,
          title: d.title,
          description: d.description,
          ageGroup: d.ageGroup,
          subjectId: d.subjectId,
          posterId: d.files.poster,
          fileId: d.files.file,
          durationSeconds: d.kind === 'video' ? d.durationSeconds : null,
          captions: { kz: d.files.captionsKz, ru: d.files.captionsRu },
          tracks: [],
        });
        setTracks(
          d.tracks.map((x) => ({
            key: trackKey(),
            titleKz: x.title.kz,
            titleRu: x.title.ru,
            fileId: x.fileId,
            seconds: x.durationSeconds,
          })),
        );
      });
  }, [props.id]);

  const set = (patch: Partial<MediaInput>) => setForm((current) => ({ ...current, ...patch }));
  const err = (field: string) => errors[field]?.join(' ') || undefined;

  const submit = async () => {
    setBusy(true);
    const input: MediaInput = {
      ...form,
      fileId: form.kind === 'video' ? form.fileId : null,
      durationSeconds: form.kind === 'video' ? form.durationSeconds : null,
      captions: form.kind === 'video' ? form.captions : { kz: null, ru: null },
      tracks:
        form.kind === 'audio'
          ? tracks.map((x) => ({
              title: { kz: x.titleKz, ru: x.titleRu },
              fileId: x.fileId ?? '',
              durationSeconds: x.seconds ?? 0,
            }))
          : [],
    };
    const r = await saveMedia(input, props.id);
    setBusy(false);
    if (!r.error) return props.onSaved();
    setErrors(r.data?.errors ?? {});
    setMessage(failure(r));
  };

  const kind: MediaKind = form.kind;
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.id === null ? t('newTitle') : t('editTitle')}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {props.id === null && (
            <Select
              label={t('kind')}
              allowDeselect={false}
              data={[
                { value: 'video', label: t('kindVideo') },
                { value: 'audio', label: t('kindAudio') },
              ]}
              value={kind}
              onChange={(value) => set({ kind: (value as MediaKind) ?? 'video' })}
            />
          )}
          <TextInput
            label={t('titleKz')}
            required
            value={form.title.kz}
            error={err('title.kz')}
            onChange={(e) => set({ title: { ...form.title, kz: e.currentTarget.value } })}
          />
          <TextInput
            label={t('titleRu')}
            required
            value={form.title.ru}
            error={err('title.ru')}
            onChange={(e) => set({ title: { ...form.title, ru: e.currentTarget.value } })}
          />
          <Textarea
            label={t('descriptionKz')}
            value={form.description.kz}
            error={err('description.kz')}
            onChange={(e) =>
              set({ description: { ...form.description, kz: e.currentTarget.value } })
            }
          />
          <Textarea
            label={t('descriptionRu')}
            value={form.description.ru}
            error={err('description.ru')}
            onChange={(e) =>
              set({ description: { ...form.description, ru: e.currentTarget.value } })
            }
          />
          <Select
            label={t('age')}
            allowDeselect={false}
            data={AGE_GROUPS.map((value) => ({ value, label: AGE_GROUP_LABELS[value][lang] }))}
            value={form.ageGroup}
            onChange={(value) => set({ ageGroup: (value as AgeGroup) ?? 'preschool' })}
          />
          <Select
            label={t('subject')}
            placeholder={t('anySubject')}
            clearable
            searchable
            data={props.subjects.map((s) => ({ value: String(s.id), label: s.name }))}
            value={form.subjectId === null ? null : String(form.subjectId)}
            error={err('subjectId')}
            onChange={(value) => set({ subjectId: value ? Number(value) : null })}
          />
          <FilePick
            label={t('poster')}
            accept="image/*"
            current={form.posterId}
            error={err('posterId')}
            onUploaded={(id) => set({ posterId: id })}
            upload={uploadMediaFile}
          />
          {kind === 'video' ? (
            <>
              <FilePick
                label={t('videoFile')}
                accept="video/*"
                current={form.fileId}
                error={err('fileId')}
                upload={uploadMediaFile}
                onPicked={async (file) => {
                  const seconds = await readDuration(file);
                  if (seconds) set({ durationSeconds: seconds });
                }}
                onUploaded={(id) => set({ fileId: id })}
              />
              <NumberInput
                label={t('seconds')}
                min={1}
                value={form.durationSeconds ?? ''}
                error={err('durationSeconds')}
                onChange={(value) =>
                  set({ durationSeconds: typeof value === 'number' ? value : null })
                }
              />
              <FilePick
                label={t('captionsKz')}
                accept=".vtt,text/vtt"
                current={form.captions.kz}
                error={err('captions.kz')}
                upload={uploadMediaFile}
                onUploaded={(id) => set({ captions: { ...form.captions, kz: id } })}
              />
              <FilePick
                label={t('captionsRu')}
                accept=".vtt,text/vtt"
                current={form.captions.ru}
                error={err('captions.ru')}
                upload={uploadMediaFile}
                onUploaded={(id) => set({ captions: { ...form.captions, ru: id } })}
              />
            </>
          ) : (
            <>
              <PlaylistTracks tracks={tracks} setTracks={setTracks} err={err} />
            </>
          )}
          {message && (
            <Text role="alert" c="var(--sabaq-danger)">
              {message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
