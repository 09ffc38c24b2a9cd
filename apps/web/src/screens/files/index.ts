/** The file service's client for every area: send a file with progress, show the progress. */
export { UploadError, sendFile } from './upload';
export type { Progress } from './upload';
export { UploadProgress } from './UploadProgress';
export { MediaAttachment } from './MediaAttachment';
export { filesText, megabytes } from './texts';
export { AttachedFiles } from './AttachedFiles';
export type { AttachedFile } from './AttachedFiles';
