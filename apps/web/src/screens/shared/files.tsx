import { useRef, useState } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconUpload } from '@tabler/icons-react';
import type { FileRef } from '@sabaq/platform';
import { download, path } from './api';
import { MediaAttachment, UploadProgress, sendFile } from '../files';
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

/**
 * Picks files and sends each at once to the file service (files/upload.ts) with a progress bar;
 * what is attached stays listed. A refused file (size, type) says why in kz/ru and nothing else
 * the person typed is lost.
 */
export function FilePicker({
  files,
  onChange,
  use = 'homework',
}: {
  files: FileRef[];
  onChange: (f: FileRef[]) => void;
  use?: 'homework' | 'chat';
}) {
  const t = teachingText();
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState<{ label: string; progress: Progress } | null>(null);
  const stop = useRef<AbortController | null>(null);
  const pick = async (picked: File[]) => {
    setError(null);
    const added: FileRef[] = [];
    for (const f of picked) {
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
        setError(err instanceof Error ? err.message : String(err));
      }
    }
    setCurrent(null);
    stop.current = null;
    onChange([...files, ...added]);
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
      <FileList files={files} />
    </Stack>
  );
}
