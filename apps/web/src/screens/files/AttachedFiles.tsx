import { Button, FileButton } from '@mantine/core';
import { useState } from 'react';
import type { FileUse } from '@sabaq/platform';
import { UploadProgress } from './UploadProgress';
import { filesText } from './texts';
import { sendFile, type Progress } from './upload';

export interface AttachedFile {
  /** The stored file's id. */
  id: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * The files of a form (a document, a material): each sent at once to the file service with its
 * progress, listed with a way to take it off again; the form saves the ids.
 */
export function AttachedFiles({
  use,
  files,
  onChange,
  error,
}: {
  use: FileUse;
  files: readonly AttachedFile[];
  onChange: (files: AttachedFile[]) => void;
  error?: string | undefined;
}) {
  const [uploading, setUploading] = useState<{ name: string; progress: Progress } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const attach = async (picked: File | null) => {
    if (!picked) return;
    setFailed(null);
    try {
      const sent = await sendFile(picked, use, (progress) =>
        setUploading({ name: picked.name, progress }),
      );
      onChange([...files, { id: sent.name, name: sent.label, mime: sent.mime, size: sent.size }]);
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
    }
    setUploading(null);
  };
  const shown = failed ?? error;
  return (
    <fieldset className="attached-files">
      <legend>{filesText('files')}</legend>
      <ul>
        {files.map((f) => (
          <li key={f.id}>
            {f.name}{' '}
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => onChange(files.filter((x) => x.id !== f.id))}
            >
              {filesText('detach', { label: f.name })}
            </Button>
          </li>
        ))}
      </ul>
      {uploading && <UploadProgress label={uploading.name} progress={uploading.progress} />}
      <FileButton onChange={(file) => void attach(file)}>
        {(props) => (
          <Button variant="default" mt="xs" {...props} disabled={uploading !== null}>
            {filesText('attach')}
          </Button>
        )}
      </FileButton>
      {shown && (
        <p className="attached-files-error" role="alert">
          {shown}
        </p>
      )}
    </fieldset>
  );
}
