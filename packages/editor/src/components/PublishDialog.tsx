import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Checkbox, List } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconSend } from '@tabler/icons-react';
import { problemMessage, type Lang, type Problem } from '@sabaq/engine';
import { publishMachine } from '../machines/publish';
import type { Translate } from '../i18n/messages';
import { KitProvider } from '../kit/KitProvider';
import { Dialog } from './Dialog';

/** What the author decides on publishing (issue 28: a SOR/SOCh's place in the shared catalogue). */
export interface PublishOptions {
  share?: boolean;
}

interface PublishButtonProps {
  t: Translate;
  /** The interface language (problem messages). */
  lang?: Lang;
  publish: (opts: PublishOptions) => Promise<void>;
  /**
   * A SOR/SOCh of the signed-in author: the confirmation asks whether to share it in the
   * catalogue, starting from its current choice. Left out: no such question.
   */
  share?: { initial: boolean };
  countdown?: number;
  keepOpen?: boolean;
  disabled?: boolean;
  onPublished?: () => void;
  /**
   * The draft's publish problems, asked when the button is pressed: with any, publishing is
   * blocked and they are listed (each a link to its field) instead of the confirmation.
   */
  check?: () => readonly Problem[];
  /** A problem's module as a person reads it ("3. Сәйкестік"), or null outside modules. */
  problemLabel?: (path: string) => string | null;
  /** Opens the field a problem points at (the dialog closes first). */
  onJump?: (path: string) => void;
}

/**
 * A problem's line: its module's name before the engine's message, unless the message already
 * starts with it (a task named «1-тапсырма» read «1-тапсырма: 1-тапсырма: …», issue 29).
 */
export function problemLine(where: string | null, text: string): string {
  const name = where?.trim() ?? '';
  if (!name) return text;
  const head = text.split(':')[0]!.trim().toLowerCase();
  if (head === name.toLowerCase() || text.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    return text;
  return `${name}: ${text}`;
}

/** The publish button: the draft's problems first (publishing blocked while there are any),
 * then the confirm modal (copyright tick box, optional countdown, server problems in place). */
export function PublishButton({
  t,
  lang = 'kz',
  publish,
  countdown,
  keepOpen,
  disabled,
  onPublished,
  check,
  problemLabel,
  onJump,
  share,
}: PublishButtonProps) {
  const [sharing, setSharing] = useState(share?.initial ?? false);
  // The machine's actor reads the choice when it runs (it is created once).
  const choice = useRef<PublishOptions>({});
  choice.current = share ? { share: sharing } : {};
  const actor = useActorRef(
    publishMachine.provide({
      actors: { publish: fromPromise<void, void>(() => publish(choice.current)) },
    }),
    { input: { countdown, keepOpen } },
  );
  const snap = useSelector(actor, (s) => s);
  const open = snap.hasTag('open');
  const busy = snap.hasTag('busy');
  const { remaining, copyright, problems, error } = snap.context;
  const done = snap.matches({ open: 'done' });
  const canConfirm = snap.can({ type: 'CONFIRM' });
  const [blocked, setBlocked] = useState<readonly Problem[] | null>(null);

  // `published` is emitted once per success.
  useEffect(() => {
    if (!onPublished) return;
    const sub = actor.on('published', onPublished);
    return () => sub.unsubscribe();
  }, [actor, onPublished]);

  const problemList = Object.entries(problems).flatMap(([field, msgs]) =>
    msgs.map((m) => ({ field, m })),
  );
  const start = () => {
    const found = check?.() ?? [];
    if (found.length > 0) setBlocked(found);
    else actor.send({ type: 'OPEN' });
  };
  return (
    <KitProvider>
      <Button
        size="sm"
        leftSection={<IconSend size={16} aria-hidden />}
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={start}
      >
        {t('publish')}
      </Button>
      <Dialog
        open={blocked !== null}
        title={t('publishTitle')}
        onClose={() => setBlocked(null)}
        footer={
          <Button variant="default" onClick={() => setBlocked(null)}>
            {t('close')}
          </Button>
        }
      >
        <div role="alert" className="sbq-publish-problems">
          <p>
            <IconAlertTriangle size={18} aria-hidden className="sbq-inline-icon" />{' '}
            {t('publishBlocked')}
          </p>
          <List spacing="xs" listStyleType="none" className="sbq-problem-list">
            {(blocked ?? []).map((p, i) => {
              const where = problemLabel?.(p.path) ?? null;
              const text = problemMessage(p, lang);
              return (
                <List.Item key={`${p.path}-${p.code}-${i}`}>
                  {onJump ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      className="sbq-problem-link"
                      rightSection={<IconArrowRight size={14} aria-hidden />}
                      onClick={() => {
                        setBlocked(null);
                        onJump(p.path);
                      }}
                    >
                      {problemLine(where, text)}
                      <span className="sbq-visually-hidden"> — {t('goToField')}</span>
                    </Button>
                  ) : (
                    problemLine(where, text)
                  )}
                </List.Item>
              );
            })}
          </List>
        </div>
      </Dialog>
      <Dialog
        open={open}
        title={t('publishTitle')}
        onClose={() => actor.send({ type: 'CLOSE' })}
        footer={
          <>
            <Button variant="default" onClick={() => actor.send({ type: 'CLOSE' })} disabled={busy}>
              {done ? t('close') : t('cancel')}
            </Button>
            {!done && (
              <Button
                disabled={!canConfirm || busy}
                loading={busy}
                onClick={() => actor.send({ type: 'CONFIRM' })}
              >
                {remaining > 0 ? t('confirmIn', { n: remaining }) : t('confirm')}
              </Button>
            )}
          </>
        }
      >
        {done ? (
          <p role="status">{t('published')}</p>
        ) : (
          <>
            <p>{t('publishText')}</p>
            <Checkbox
              checked={copyright}
              disabled={busy}
              label={t('copyright')}
              onChange={(e) =>
                actor.send({ type: 'TOGGLE_COPYRIGHT', value: e.currentTarget.checked })
              }
            />
            {share && (
              <Checkbox
                mt="sm"
                checked={sharing}
                disabled={busy}
                label={t('shareInCatalogue')}
                description={t('shareHint')}
                onChange={(e) => setSharing(e.currentTarget.checked)}
              />
            )}
          </>
        )}
        {problemList.length > 0 && (
          <div role="alert">
            <p>{t('publishProblems')}</p>
            <ul>
              {problemList.map((p, i) => (
                <li key={`${p.field}-${i}`}>{p.m}</li>
              ))}
            </ul>
          </div>
        )}
        {error && (
          <p role="alert" className="sbq-error">
            {error}
          </p>
        )}
      </Dialog>
    </KitProvider>
  );
}
