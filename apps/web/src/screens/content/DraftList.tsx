import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { DraftSummary } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { createDraft, deleteDraft, editPath, errorText, listDrafts, previewPath } from './drafts';
import { contentText, typeLabel } from './text';

interface DraftListProps {
  heading: string;
  /** Types listed here and offered for creation (first is the default). */
  types: ReadonlyArray<Draft['type']>;
}

/** A person's drafts of some types, with create, edit, preview and delete. */
export function DraftList({ heading, types }: DraftListProps) {
  const lang = currentUiLang();
  const urlLang = lang === 'kz' ? 'kk' : 'ru';
  const t = contentText(lang);
  const navigate = useNavigate();
  const titleId = useId();
  const typeId = useId();
  const [rows, setRows] = useState<DraftSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<Draft['type']>(types[0]!);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    const r = await listDrafts();
    if (r.error) setError(errorText(r, lang));
    else setRows(r.data.data.filter((d) => (types as readonly string[]).includes(d.type)));
  };
  useEffect(() => {
    void refresh();
    // load once
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (title.trim() === '') {
      setFormError(t('titleRequired'));
      return;
    }
    setBusy(true);
    const r = await createDraft({ type, title: title.trim(), lang });
    setBusy(false);
    if (r.error) {
      setFormError(errorText(r, lang));
      return;
    }
    const d = r.data.data.draft;
    navigate(editPath(urlLang, d.type, d.id));
  };

  return (
    <section aria-labelledby={`${titleId}-h`}>
      <h1 id={`${titleId}-h`}>{heading}</h1>
      <form onSubmit={submit} noValidate className="sbq-create">
        <label htmlFor={titleId}>{t('newTitle')}</label>{' '}
        <input
          id={titleId}
          value={title}
          maxLength={2000}
          aria-invalid={formError ? true : undefined}
          aria-describedby={formError ? `${titleId}-err` : undefined}
          onChange={(e) => {
            setTitle(e.target.value);
            setFormError(null);
          }}
        />{' '}
        {types.length > 1 && (
          <>
            <label htmlFor={typeId}>{t('type')}</label>{' '}
            <select
              id={typeId}
              value={type}
              onChange={(e) => setType(e.target.value as Draft['type'])}
            >
              {types.map((ty) => (
                <option key={ty} value={ty}>
                  {typeLabel(lang, ty)}
                </option>
              ))}
            </select>{' '}
          </>
        )}
        <button type="submit" disabled={busy}>
          {t('create')}
        </button>
        {formError && (
          <p id={`${titleId}-err`} role="alert">
            {formError}
          </p>
        )}
      </form>
      {error && <p role="alert">{error}</p>}
      {rows === null && !error && <p role="status">{t('loading')}</p>}
      {rows?.length === 0 && <p>{t('empty')}</p>}
      {rows && rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('newTitle')}</th>
              <th scope="col">{t('type')}</th>
              <th scope="col">{t('updated')}</th>
              <th scope="col">
                <span className="sbq-visually-hidden">{t('edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td>
                  <Link to={editPath(urlLang, d.type, d.id)}>{d.title || t('untitled')}</Link>{' '}
                  <small>({t(`status_${d.status}`)})</small>
                </td>
                <td>{typeLabel(lang, d.type)}</td>
                <td>
                  <time dateTime={d.updatedAt}>
                    {new Date(d.updatedAt).toLocaleString(lang === 'kz' ? 'kk-KZ' : 'ru-RU')}
                  </time>
                </td>
                <td>
                  <Link to={previewPath(urlLang, d.type, d.id)}>
                    {t('preview')}
                    <span className="sbq-visually-hidden">: {d.title}</span>
                  </Link>{' '}
                  <button
                    type="button"
                    onClick={async () => {
                      if (!window.confirm(t('confirmRemove', { title: d.title || t('untitled') })))
                        return;
                      const r = await deleteDraft(d.id);
                      if (!r.error) void refresh();
                    }}
                  >
                    {t('remove')}
                    <span className="sbq-visually-hidden">: {d.title}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
