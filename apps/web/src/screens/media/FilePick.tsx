import { useId, useState } from 'react';
import { Text } from '@mantine/core';
import { UploadError, UploadProgress } from '../files';
import type { Progress } from '../files';
import { mediaText as t } from './texts';

/**
 * A labelled file field that uploads what is picked at once through the file service, with its
 * progress bar; the stored id goes to `onUploaded`. A refused file (size, type) says why in the
 * reader's language and keeps the previous one.
 */
export function FilePick(props: {
  label: string;
  accept: string;
  current: string | null;
  error?: string | undefined;
  upload: (file: File, onProgress: (progress: Progress) => void) => Promise<string>;
  onPicked?: (file: File) => void | Promise<void>;
  onUploaded: (storedId: string) => void;
}) {
  const id = useId();
  const [progress, setProgress] = useState<{ label: string; value: Progress } | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File) => {
    setProblem(null);
    void props.onPicked?.(file);
    try {
      const stored = await props.upload(file, (value) => setProgress({ label: file.name, value }));
      setChosen(file.name);
      props.onUploaded(stored);
    } catch (error) {
      setProblem(error instanceof UploadError ? error.message : t('failed'));
    } finally {
      setProgress(null);
    }
  };
  const message = problem ?? props.error;
  return (
    <div>
      <label htmlFor={id} className="mantine-InputWrapper-label">
        {props.label}
      </label>
      <input
        id={id}
        type="file"
        accept={props.accept}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void pick(file);
        }}
      />
      {progress && <UploadProgress label={progress.label} progress={progress.value} />}
      {chosen ? (
        <Text size="sm">{t('chosen', { label: chosen })}</Text>
      ) : (
        props.current && (
          <Text size="sm" c="dimmed">
            {t('keep')}
          </Text>
        )
      )}
      {message && (
        <Text id={`${id}-error`} size="sm" c="var(--sabaq-danger)">
          {message}
        </Text>
      )}
    </div>
  );
}
