/**
 * The words a document library's screens share; each area passes its own text function (its
 * kz/ru texts carry these keys with its own wording).
 */
export type DocumentTextKey =
  | 'add'
  | 'back'
  | 'bodyField'
  | 'cancel'
  | 'download'
  | 'draft'
  | 'edit'
  | 'empty'
  | 'files'
  | 'found'
  | 'kz'
  | 'loading'
  | 'next'
  | 'page'
  | 'prev'
  | 'published'
  | 'remove'
  | 'removeConfirm'
  | 'ru'
  | 'save'
  | 'search'
  | 'searchPlaceholder'
  | 'status'
  | 'summaryField'
  | 'titleField'
  | 'updated'
  | 'yes';

export type DocumentTexts = (
  key: DocumentTextKey,
  params?: Record<string, string | number>,
) => string;
