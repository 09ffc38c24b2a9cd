import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { Dialog, KitProvider } from '@sabaq/editor';
import type { UiLang } from '@sabaq/platform';
import { api } from '../../app/services';
import { DRAFTS, errorText } from './drafts';

/** One person with rights on a draft, as GET …/collaborators lists them. */
export interface Collaborator {
  userId: number;
  fullname: string;
  role: string;
  access: 'owner' | 'edit' | 'view';
}

export interface CollaboratorsData {
  /** The caller's own access. */
  access: 'edit' | 'view';
  collaborators: Collaborator[];
  /** Colleagues of the school the owner may still invite (empty for everyone else). */
  candidates: Array<Omit<Collaborator, 'access'>>;
}

const TEXT = {
  kz: {
    open: 'Бірлескен авторлар',
    title: 'Бірлескен авторлар',
    current: 'Жобаға қолжетімділігі барлар',
    owner: 'иесі',
    edit: 'өңдей алады',
    view: 'тек қарайды',
    remove: 'Шығару',
    removeOf: (n: string) => `${n} — шығару`,
    invite: 'Шақыру',
    person: 'Әріптес',
    choose: '— таңдаңыз —',
    access: 'Құқығы',
    accessEdit: 'Өңдеу',
    accessView: 'Тек қарау',
    none: 'Шақыратын әріптес жоқ.',
    notOwner: 'Әріптестерді тек жобаның иесі шақыра алады.',
    pick: 'Әріптесті таңдаңыз.',
    invited: (n: string) => `${n} шақырылды.`,
    removed: (n: string) => `${n} шығарылды.`,
    loading: 'Жүктелуде…',
    close: 'Жабу',
    role: { methodist: 'әдіскер', teacher: 'мұғалім' } as Record<string, string>,
  },
  ru: {
    open: 'Соавторы',
    title: 'Соавторы',
    current: 'Имеют доступ к черновику',
    owner: 'владелец',
    edit: 'может редактировать',
    view: 'только просмотр',
    remove: 'Убрать',
    removeOf: (n: string) => `Убрать: ${n}`,
    invite: 'Пригласить',
    person: 'Коллега',
    choose: '— выберите —',
    access: 'Права',
    accessEdit: 'Редактирование',
    accessView: 'Только просмотр',
    none: 'Некого пригласить.',
    notOwner: 'Приглашать коллег может только владелец черновика.',
    pick: 'Выберите коллегу.',
    invited: (n: string) => `${n}: приглашение отправлено.`,
    removed: (n: string) => `${n}: доступ закрыт.`,
    loading: 'Загрузка…',
    close: 'Закрыть',
    role: { methodist: 'методист', teacher: 'учитель' } as Record<string, string>,
  },
} as const;

const url = (draftId: string) => `${DRAFTS}/${encodeURIComponent(draftId)}/collaborators`;

/**
 * The owner's "Collaborators" dialog: who has access to the draft, invite a colleague of the
 * school (methodist or teacher) with edit or view rights, withdraw an invitation. Others see
 * the list only. Everything goes through the collaborators API; the server re-checks rights.
 */
export function CollaboratorsDialog(props: {
  draftId: string;
  /** The signed-in user (the owner sees the invite form and remove buttons). */
  userId: number | null;
  lang: UiLang;
  open: boolean;
  onClose: () => void;
  /** After an invitation or a removal (e.g. to refresh author names). */
  onChanged?: () => void;
}) {
  const { draftId, userId, lang, open, onClose, onChanged } = props;
  const t = TEXT[lang];
  const ids = { person: useId(), access: useId() };
  const [data, setData] = useState<CollaboratorsData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [person, setPerson] = useState('');
  const [access, setAccess] = useState<'edit' | 'view'>('edit');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const reload = useCallback(async () => {
    const r = await api.get<{ data: CollaboratorsData }>(url(draftId), { handle: 'silent' });
    if (r.error) setError(errorText(r, lang));
    else {
      setError(null);
      setData(r.data.data);
    }
  }, [draftId, lang]);

  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  const isOwner = data?.collaborators.some((c) => c.access === 'owner' && c.userId === userId);
  const roleName = (role: string) => t.role[role] ?? role;

  const invite = async () => {
    const chosen = data?.candidates.find((c) => String(c.userId) === person);
    if (!chosen) {
      setError(t.pick);
      return;
    }
    setBusy(true);
    const r = await api.post(url(draftId), { userId: chosen.userId, access }, { handle: 'silent' });
    setBusy(false);
    if (r.error) {
      setError(errorText(r, lang));
      return;
    }
    setPerson('');
    setNotice(t.invited(chosen.fullname));
    await reload();
    // The button was disabled while sending, which drops focus: bring it back into the dialog.
    heading.current?.focus();
    onChanged?.();
  };

  const remove = async (c: Collaborator) => {
    setBusy(true);
    const r = await api.request('DELETE', `${url(draftId)}/${c.userId}`, { handle: 'silent' });
    setBusy(false);
    if (r.error) {
      setError(errorText(r, lang));
      return;
    }
    setNotice(t.removed(c.fullname));
    await reload();
    // The pressed button is gone: keep focus inside the dialog (Escape and Tab still work).
    heading.current?.focus();
    onChanged?.();
  };

  return (
    <KitProvider>
      <Dialog
        open={open}
        title={t.title}
        onClose={onClose}
        footer={
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
        }
      >
        <p role="status" aria-live="polite" className="sbq-announce">
          {data ? notice : t.loading}
        </p>
        {error && (
          <p role="alert" className="sbq-error">
            {error}
          </p>
        )}
        {data && (
          <>
            <h3 ref={heading} tabIndex={-1}>
              {t.current}
            </h3>
            <ul aria-label={t.current}>
              {data.collaborators.map((c) => (
                <li key={c.userId}>
                  {c.fullname} ({roleName(c.role)}) — {t[c.access]}
                  {isOwner && c.access !== 'owner' && (
                    <>
                      {' '}
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        disabled={busy}
                        aria-label={t.removeOf(c.fullname)}
                        onClick={() => void remove(c)}
                      >
                        {t.remove}
                      </Button>
                    </>
                  )}
                </li>
              ))}
            </ul>
            {isOwner ? (
              data.candidates.length === 0 ? (
                <p>{t.none}</p>
              ) : (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    void invite();
                  }}
                >
                  <h3>{t.invite}</h3>
                  <Stack gap="sm">
                    <NativeSelect
                      id={ids.person}
                      label={t.person}
                      value={person}
                      onChange={(e) => {
                        setPerson(e.currentTarget.value);
                        setError(null);
                      }}
                      data={[
                        { value: '', label: t.choose },
                        ...data.candidates.map((c) => ({
                          value: String(c.userId),
                          label: `${c.fullname} (${roleName(c.role)})`,
                        })),
                      ]}
                    />
                    <NativeSelect
                      id={ids.access}
                      label={t.access}
                      value={access}
                      onChange={(e) =>
                        setAccess(e.currentTarget.value === 'view' ? 'view' : 'edit')
                      }
                      data={[
                        { value: 'edit', label: t.accessEdit },
                        { value: 'view', label: t.accessView },
                      ]}
                    />
                    <Group>
                      <Button
                        type="submit"
                        loading={busy}
                        leftSection={<IconUserPlus size={16} aria-hidden />}
                      >
                        {t.invite}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              )
            ) : (
              <p>{t.notOwner}</p>
            )}
          </>
        )}
      </Dialog>
    </KitProvider>
  );
}

/** The label of the button that opens the dialog. */
export function collaboratorsLabel(lang: UiLang): string {
  return TEXT[lang].open;
}
