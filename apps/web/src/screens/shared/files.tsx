import { useRef, useState } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconUpload } from '@tabler/icons-react';
import type { FileRef } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { OFFLINE_FILE_MAX_BYTES } from '../../offline/kept-files';
import type { KeptUpload } from '../../offline/kept-files';
import { OFFLINE_TEXTS } from '../../offline/offline-texts';
import { download, path } from './api';
import { fillText } from './fill-text';
import { MediaAttachment, UploadError, UploadProgress, megabytes, sendFile } from '../files';
import type { Progress } from '../files';
import { teachingText } from './teaching-texts';

/** Attached files: listed with their size and downloaded on click; picked and uploaded at once. */
export function FileList({ files }: { files: FileRef[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="tch-files">
      {files.map((f) => (
        <li key={f.id}>
          <Button
            variant="light"
            size="compact-md"
            mih={40}
            leftSection={<IconPaperclip size={18} stroke={1.75} aria-hidden />}
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
            onClick={() => void download(path('teaching.fileGet', { fileId: f.id }), f.name)}
          >
            {f.name}
          </Button>{' '}
          <Text span c="var(--sabaq-muted)" size="sm">
            {Math.ceil(f.size / 1024)} KB
          </Text>
          {/^(video|audio)\//.test(f.mime) && (
            <div>
              <MediaAttachment fileId={f.id} label={f.name} mime={f.mime} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Files kept on the device, waiting to be uploaded with the answer (issue 31). */
export function KeptList({ files }: { files: readonly KeptUpload[] }) {
  if (files.length === 0) return null;
  const o = OFFLINE_TEXTS[currentUiLang()];
  return (
    <ul className="tch-files" data-testid="kept-files">
      {files.map((f) => (
        <li key={f.key}>
          <IconPaperclip size={18} stroke={1.75} aria-hidden /> {f.name}{' '}
          <Text span c="var(--sabaq-muted)" size="sm">
            {Math.ceil(f.size / 1024)} KB — {o.keptWaiting}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * Picks files and sends each at once to the file service (files/upload.ts) with a progress bar;
 * what is attached stays listed. A refused file (size, type) says why in kz/ru and nothing else
 * the person typed is lost. With `onKept` (a homework answer, issue 31), a file that finds no
 * network and is no larger than OFFLINE_FILE_MAX_BYTES is kept on the device instead and listed
 * as waiting; the outbox uploads it with the answer.
 */
export function FilePicker({
  files,
  onChange,
  use = 'homework',
  kept = [],
  onKept,
}: {
  files: FileRef[];
  onChange: (f: FileRef[]) => void;
  use?: 'homework' | 'chat';
  kept?: readonly KeptUpload[];
  onKept?: (k: KeptUpload[]) => void;
}) {
  const t = teachingText();
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [current, setCurrent] = useState<{ label: string; progress: Progress } | null>(null);
  const stop = useRef<AbortController | null>(null);
  /** Keeps `f` on the device (no network), into `into`; says why when it cannot. */
  const keep = async (f: File, into: KeptUpload[]): Promise<void> => {
    const o = OFFLINE_TEXTS[currentUiLang()];
    if (f.size > OFFLINE_FILE_MAX_BYTES) {
      setError(
        fillText(o.keptTooLarge, {
          name: f.name,
          size: megabytes(f.size),
          max: megabytes(OFFLINE_FILE_MAX_BYTES),
        }),
      );
      return;
    }
    try {
      const outbox = await import('../../offline/outbox');
      into.push(await outbox.keepFile(f, use));
      setNote(fillText(o.keptNote, { max: megabytes(OFFLINE_FILE_MAX_BYTES) }));
    } catch {
      setError(fillText(o.keptFailed, { name: f.name }));
    }
  };
  const pick = async (picked: File[]) => {
    setError(null);
    setNote(null);
    const added: FileRef[] = [];
    const keptNow: KeptUpload[] = [];
    for (const f of picked) {
      if (onKept && !navigator.onLine) {
        await keep(f, keptNow);
        continue;
      }
      stop.current = new AbortController();
      try {
        const sent = await sendFile(
          f,
          use,
          (progress) => setCurrent({ label: f.name, progress }),
          stop.current.signal,
        );
        added.push({ id: sent.id ?? 0, name: sent.name, size: sent.size, mime: sent.mime });
      } catch (err) {
        if (onKept && err instanceof UploadError && err.network) await keep(f, keptNow);
        else setError(err instanceof Error ? err.message : String(err));
      }
    }
    setCurrent(null);
    stop.current = null;
    onChange([...files, ...added]);
    if (onKept && keptNow.length > 0) onKept([...kept, ...keptNow]);
  };
  return (
    <Stack gap="xs">
      <Group>
        <FileButton multiple onChange={(picked) => void pick(picked)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              disabled={current !== null}
              leftSection={<IconUpload size={18} stroke={1.75} aria-hidden />}
            >
              {t('attachFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      {current && (
        <UploadProgress
          label={current.label}
          progress={current.progress}
          onCancel={() => stop.current?.abort()}
        />
      )}
      {error && (
        <Text c="var(--sabaq-danger)" size="sm" role="alert">
          {error}
        </Text>
      )}
      {note && (
        <Text size="sm" role="status">
          {note}
        </Text>
      )}
      <FileList files={files} />
      <KeptList files={kept} />
    </Stack>
  );
}
