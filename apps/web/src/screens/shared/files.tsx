import { useState } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconUpload } from '@tabler/icons-react';
import type { FileRef } from '@sabaq/platform';
import { download, failure, path, uploadFile } from './api';
import { teachingText } from './teaching-texts';

/** Attached files: listed with their size and downloaded on click; picked and uploaded at once. */
export function FileList({ files }: { files: FileRef[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="tch-files">
      {files.map((f) => (
        <li key={f.id}>
          <Button
            variant="subtle"
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
        </li>
      ))}
    </ul>
  );
}

/** Picks files and uploads each at once; shows what is attached. */
export function FilePicker({
  files,
  onChange,
}: {
  files: FileRef[];
  onChange: (f: FileRef[]) => void;
}) {
  const t = teachingText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (picked: File[]) => {
    setError(null);
    setBusy(true);
    const added: FileRef[] = [];
    for (const f of picked) {
      const r = await uploadFile(f);
      if (r.error) setError(failure(r));
      else added.push(r.data.data);
    }
    setBusy(false);
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
              loading={busy}
              leftSection={<IconUpload size={18} stroke={1.75} aria-hidden />}
            >
              {t('attachFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <FileList files={files} />
    </Stack>
  );
}
