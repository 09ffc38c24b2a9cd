import type { MediaCatalogue, MediaCatalogueQuery, MediaDetail, MediaInput } from '@sabaq/platform';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiResult } from '../../api/client';
import { api } from '../../app/services';
import { sendFile } from '../files';
import type { Progress } from '../files';
import { failure, path, urlLang, useLoad } from '../shared/api';

/** Calls of the media sections; paths from the policy table. */
export function useCatalogue(query: MediaCatalogueQuery) {
  return useLoad<MediaCatalogue>(path('media.catalogue'), {
    kind: query.kind,
    age: query.age,
    subjectId: query.subjectId,
    q: query.q || undefined,
  });
}

/**
 * One entry to play. Spec §2: without a subscription the server answers 423 and the page goes
 * to /{lang}/media (the route guard already sends most people there before this call).
 */
export function useMediaDetail(id: string | undefined): {
  data: MediaDetail | null;
  error: string | null;
} {
  const navigate = useNavigate();
  const [data, setData] = useState<MediaDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    setError(null);
    void api
      .get<{ data: MediaDetail }>(path('media.show', { mediaId: id ?? '0' }), { handle: 'silent' })
      .then((r) => {
        if (!live) return;
        if (!r.error) setData(r.data.data);
        else if (r.status === 423) navigate(`/${urlLang()}/media`, { replace: true });
        else setError(failure(r));
      });
    return () => {
      live = false;
    };
  }, [id, navigate]);
  return { data, error };
}

export function saveMedia(
  input: MediaInput,
  id: number | null,
): Promise<ApiResult<{ data: { id: number } }>> {
  return id === null
    ? api.post(path('media.create'), input, { handle: 'silent' })
    : api.put(path('media.update', { mediaId: id }), input, { handle: 'silent' });
}

export function removeMedia(id: number): Promise<ApiResult<{ data: { id: number } }>> {
  return api.request('DELETE', path('media.remove', { mediaId: id }), { handle: 'silent' });
}

/** Uploads one file for the catalogue; resolves with its stored id. */
export async function uploadMediaFile(
  file: File,
  onProgress?: (progress: Progress) => void,
): Promise<string> {
  return (await sendFile(file, 'media', onProgress)).name;
}

/** Whole seconds a picked audio or video file lasts, read by the browser (null if it cannot). */
export function readDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const element = document.createElement(file.type.startsWith('video/') ? 'video' : 'audio');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    element.preload = 'metadata';
    element.onloadedmetadata = () =>
      done(Number.isFinite(element.duration) ? Math.max(1, Math.ceil(element.duration)) : null);
    element.onerror = () => done(null);
    element.src = url;
  });
}
