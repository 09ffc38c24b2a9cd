import { useEffect, useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { publishMachine } from '../machines/publish';
import type { Translate } from '../i18n/messages';
import { Dialog } from './Dialog';

interface PublishButtonProps {
  t: Translate;
  publish: () => Promise<void>;
  countdown?: number;
  keepOpen?: boolean;
  disabled?: boolean;
  onPublished?: () => void;
}

/** The publish button and its confirm modal (copyright tick box, optional countdown, server
 * problems shown in place). */
export function PublishButton({
  t,
  publish,
  countdown,
  keepOpen,
  disabled,
  onPublished,
}: PublishButtonProps) {
  const checkId = useId();
  const actor = useActorRef(
    publishMachine.provide({ actors: { publish: fromPromise<void, void>(() => publish()) } }),
    { input: { countdown, keepOpen } },
  );
  const snap = useSelector(actor, (s) => s);
  const open = snap.hasTag('open');
  const busy = snap.hasTag('busy');
  const { remaining, copyright, problems, error } = snap.context;
  const done = snap.matches({ open: 'done' });
  const canConfirm = snap.can({ type: 'CONFIRM' });

  // `published` is emitted once per success.
  useEffect(() => {
    if (!onPublished) return;
    const sub = actor.on('published', onPublished);
    return () => sub.unsubscribe();
  }, [actor, onPublished]);

  const problemList = Object.entries(problems).flatMap(([field, msgs]) =>
    msgs.map((m) => ({ field, m })),
  );
  return (
    <>
      <button type="button" disabled={disabled} onClick={() => actor.send({ type: 'OPEN' })}>
        {t('publish')}
      </button>
      <Dialog
        open={open}
        title={t('publishTitle')}
        onClose={() => actor.send({ type: 'CLOSE' })}
        footer={
          <>
            <button type="button" onClick={() => actor.send({ type: 'CLOSE' })} disabled={busy}>
              {done ? t('close') : t('cancel')}
            </button>
            {!done && (
              <button
                type="button"
                className="sbq-primary"
                disabled={!canConfirm || busy}
                onClick={() => actor.send({ type: 'CONFIRM' })}
              >
                {remaining > 0 ? t('confirmIn', { n: remaining }) : t('confirm')}
              </button>
            )}
          </>
        }
      >
        {done ? (
          <p role="status">{t('published')}</p>
        ) : (
          <>
            <p>{t('publishText')}</p>
            <div className="sbq-inline">
              <input
                id={checkId}
                type="checkbox"
                checked={copyright}
                disabled={busy}
                onChange={(e) => actor.send({ type: 'TOGGLE_COPYRIGHT', value: e.target.checked })}
              />
              <label htmlFor={checkId}>{t('copyright')}</label>
            </div>
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
    </>
  );
}
