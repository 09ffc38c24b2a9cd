import { AVATAR_LIMITS, apiPath } from '@sabaq/platform';
import type { Avatar } from '@sabaq/platform';
import type { ApiResult } from '../../api/client';
import { api, currentUiLang, getToken } from '../../app/services';
import { filesText, megabytes } from '../files';

/** A refusal in words (the server's kz/ru message, or the client's size check). */
export class AvatarUploadError extends Error {}

/**
 * Sends the picture as one multipart POST (XMLHttpRequest: fetch reports no upload progress). A
 * file over 5 MB is refused before a byte is sent; the server decides the type from the content,
 * and its 422 message comes back as the error.
 */
export function sendAvatar(
  file: File,
  onProgress: (sent: number, total: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<Avatar> {
  if (file.size > AVATAR_LIMITS.maxBytes) {
    return Promise.reject(
      new AvatarUploadError(
        filesText('tooLarge', {
          label: file.name,
          size: megabytes(file.size),
          max: megabytes(AVATAR_LIMITS.maxBytes),
        }),
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiPath('profile.avatarUpload'));
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Localization', currentUiLang());
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => onProgress(Math.min(event.loaded, file.size), file.size);
    request.onload = () => {
      let body: { data?: Avatar; message?: string; errors?: Record<string, string[]> } | null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status === 201 && body?.data) {
        onProgress(file.size, file.size);
        resolve(body.data);
        return;
      }
      const first = body?.errors ? Object.values(body.errors).flat()[0] : undefined;
      reject(new AvatarUploadError(first ?? body?.message ?? String(request.status)));
    };
    request.onerror = () =>
      reject(new AvatarUploadError(filesText('network', { label: file.name })));
    request.onabort = () =>
      reject(new AvatarUploadError(filesText('cancelled', { label: file.name })));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

export function removeAvatar(): Promise<ApiResult<{ message: string }>> {
  return api.request('DELETE', apiPath('profile.avatarRemove'), { handle: 'silent' });
}
