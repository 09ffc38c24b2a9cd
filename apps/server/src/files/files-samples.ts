import { FILE_USE_ROLES } from '@sabaq/platform';
import type { Role, RouteId } from '@sabaq/platform';
import type { RunningServer } from '../server';
import { call, login } from '../test/harness';
import type { SampleContext, SampleFactory } from '../test/matrix-samples';

/**
 * Samples of the file service (issue 14) for the route × role matrix and the second school's
 * check. Each caller uploads for a use its role has (builder assets for the people who build
 * content, homework for pupils); a resumable upload is started by the caller itself, so the
 * second school's user of the same role meets someone else's upload (404, nothing written).
 */
const P = '/api/v2/os';

function useFor(login: string | null): 'builder' | 'homework' | 'media' {
  if ((FILE_USE_ROLES.builder as readonly Role[]).includes(login as Role)) return 'builder';
  // The site's content administrator uploads only for the media catalogue (issue 14).
  if ((FILE_USE_ROLES.media as readonly Role[]).includes(login as Role)) return 'media';
  return 'homework';
}

function multipartText(filename: string, text: string) {
  const boundary = 'files-boundary-5d1c';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    rawBody:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  };
}

function tusCreateHeaders(use: string, length: number): Record<string, string> {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  return {
    'tus-resumable': '1.0.0',
    'upload-length': String(length),
    'upload-metadata': `filename ${b64('жоспар.txt')},use ${b64(use)}`,
  };
}

async function ownUpload(c: SampleContext): Promise<string> {
  const res = await call(c.server, 'POST', `${P}/files/uploads`, {
    token: c.token,
    headers: tusCreateHeaders(useFor(c.login), 64),
  });
  if (res.status !== 201) throw new Error(`resumable upload failed ${res.status}`);
  return res.body.data.id as string;
}

async function teacherToken(server: RunningServer): Promise<string> {
  return (await login(server, 'teacher')).access_token;
}

/** An attachment the caller uploaded (the uploader may always read it). */
async function ownAttachment(server: RunningServer, token: string | undefined): Promise<number> {
  const up = await call(server, 'POST', `${P}/files?use=homework`, {
    token,
    ...multipartText('шешім.txt', 'x = 9'),
  });
  if (up.status !== 201) throw new Error(`attachment upload failed ${up.status}`);
  return up.body.data.id as number;
}

export const FILE_SAMPLES: Partial<Record<RouteId, SampleFactory>> = {
  'files.attachmentGrant': async (c) => ({
    path: `${P}/files/attachments/${await ownAttachment(c.server, c.token)}/grant`,
    opts: { token: c.token },
  }),
  'files.stream': async (c) => {
    // The grant is the permission (public route): handed to the teacher, used by the caller.
    const token = await teacherToken(c.server);
    const id = await ownAttachment(c.server, token);
    const grant = await call(c.server, 'GET', `${P}/files/attachments/${id}/grant`, { token });
    return { path: grant.body.data.url as string, opts: { token: c.token } };
  },
  'files.upload': async (c) => ({
    method: 'POST',
    path: `${P}/files?use=${useFor(c.login)}`,
    opts: { token: c.token, ...multipartText('жоспар.txt', 'Сабақ жоспары') },
  }),
  'files.get': async (c) => {
    // Builder assets are capability URLs (public by design): upload as the teacher, fetch as the caller.
    const up = await call(c.server, 'POST', `${P}/files`, {
      token: await teacherToken(c.server),
      ...multipartText('сурет.txt', 'Сурет сипаттамасы'),
    });
    if (up.status !== 201) throw new Error(`file upload failed ${up.status}`);
    return { path: `${P}/files/${up.body.data.name}`, opts: { token: c.token } };
  },
  'files.uploadCreate': async (c) => ({
    method: 'POST',
    path: `${P}/files/uploads`,
    opts: { token: c.token, headers: tusCreateHeaders(useFor(c.login), 1024) },
  }),
  'files.uploadStatus': async (c) => ({
    path: `${P}/files/uploads/${await ownUpload(c)}`,
    opts: { token: c.token },
  }),
  'files.uploadAppend': async (c) => ({
    method: 'PATCH',
    path: `${P}/files/uploads/${await ownUpload(c)}`,
    opts: {
      token: c.token,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      rawBody: 'Сабақ жоспары',
    },
  }),
};

/** New uploads of the caller's own: no row of the first school in the request. */
export const FILE_OWN_ROUTES: readonly RouteId[] = ['files.upload', 'files.uploadCreate'];
