import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Draft } from '@sabaq/engine';
import { KitProvider, formatDateTime } from '@sabaq/editor';
import type { DraftListItem } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { useAppState } from '../../session/store';
import {
  createDraft,
  deleteDraft,
  editPath,
  errorText,
  listDrafts,
  previewPath,
  shareDraft,
} from './drafts';
import { contentText, typeLabel } from './text';
import { useConfirm } from '../shared/use-confirm';
import './draft-list.css';

interface DraftListProps {
  heading: string;
  /** Types listed here and offered for creation (first is the default). */
  types: ReadonlyArray<Draft['type']>;
}

/** A person's drafts of some types, with create, edit, preview and delete. */
export function DraftList(props: DraftListProps) {
  // The app's kit provider when there is one (the shell); its own otherwise (screen tests).
  return (
    <KitProvider>
      <DraftListBody {...props} />
    </KitProvider>
  );
}

function DraftListBody({ heading, types }: DraftListProps) {
  const lang = currentUiLang();
  const urlLang = lang === 'kz' ? 'kk' : 'ru';
  const t = contentText(lang);
  const navigate = useNavigate();
  const titleId = useId();
  const typeId = useId();
  const [rows, setRows] = useState<DraftListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ask, confirmModal] = useConfirm();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<Draft['type']>(types[0]!);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const userId = useAppState((s) => s.user?.userId);
  // Issue 28: the author of a published SOR/SOCh chooses whether it is in the shared catalogue.
  const canShare = (d: DraftListItem) =>
    (d.type === 'sor' || d.type === 'soch') && d.status === 'published' && d.ownerId === userId;
  const toggleShare = async (d: DraftListItem, shared: boolean) => {
    const r = await shareDraft(d.id, shared);
    if (r.error) {
      setError(errorText(r, lang));
      return;
    }
    setError(null);
    setNotice(t(shared ? 'sharedNow' : 'unsharedNow'));
    setRows((all) => all?.map((x) => (x.id === d.id ? { ...x, shared } : x)) ?? null);
  };

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
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            id={titleId}
            label={t('newTitle')}
            value={title}
            maxLength={2000}
            error={formError ? <span role="alert">{formError}</span> : undefined}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setFormError(null);
            }}
            style={{ flex: '1 1 16rem', minWidth: 0 }}
          />
          {types.length > 1 && (
            <NativeSelect
              id={typeId}
              label={t('type')}
              value={type}
              onChange={(e) => setType(e.currentTarget.value as Draft['type'])}
              data={types.map((ty) => ({ value: ty, label: typeLabel(lang, ty) }))}
            />
          )}
          <Button type="submit" loading={busy} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('create')}
          </Button>
        </Group>
      </form>
      {error && <p role="alert">{error}</p>}
      <p role="status" aria-live="polite">
        {notice}
      </p>
      {rows === null && !error && <p role="status">{t('loading')}</p>}
      {rows?.length === 0 && <p>{t('empty')}</p>}
      {rows && rows.length > 0 && (
        <div className="drl-scroll">
          <table className="drl-table">
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
                    <small>
                      ({t(`status_${d.status}`)}
                      {d.access === 'view' ? `, ${t('readOnly')}` : ''})
                    </small>
                  </td>
                  <td>{typeLabel(lang, d.type)}</td>
                  <td>
                    <time dateTime={d.updatedAt}>{formatDateTime(d.updatedAt)}</time>
                  </td>
                  <td>
                    <Link to={previewPath(urlLang, d.type, d.id)}>
                      {t('preview')}
                      <span className="sbq-visually-hidden">: {d.title}</span>
                    </Link>{' '}
                    {canShare(d) && (
                      <Switch
                        display="inline-flex"
                        mx="xs"
                        size="sm"
                        checked={d.shared}
                        label={t('shareOn')}
                        aria-label={t('shareSwitch', { title: d.title || t('untitled') })}
                        onChange={(e) => void toggleShare(d, e.currentTarget.checked)}
                      />
                    )}
                    {d.canDelete && (
                      <Button
                        variant="default"
                        size="compact-sm"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={async () => {
                          const ok = await ask({
                            title: t('remove'),
                            message: t('confirmRemove', { title: d.title || t('untitled') }),
                            action: t('remove'),
                            danger: true,
                          });
                          if (!ok) return;
                          const r = await deleteDraft(d.id);
                          if (r.error) setError(errorText(r, lang));
                          else {
                            setError(null);
                            void refresh();
                          }
                        }}
                      >
                        {t('remove')}
                        <span className="sbq-visually-hidden">: {d.title}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirmModal}
    </section>
  );
}
