import { useState } from 'react';
import { computeStatistics, problemMessage, type DraftEvent, type Problem } from '@sabaq/engine';
import { commandLabel } from '../i18n/messages';
import { newId } from '../log/DraftLog';
import { useEditor } from './context';
import { formatDateTime } from '../kit/format';
import { Button } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { AddButton, IconButton } from '../kit/controls';
import { Dialog } from './Dialog';
import { CommitField, SelectField } from './fields';

/** Language levels of purposes (CEFR, as used for language subjects). */
export const LANG_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((id) => ({ id, title: id }));

/** Learning purposes of the draft. Deleting one asks first; the engine then removes it from
 * every module. */
export function PurposesPanel() {
  const { t, run, readOnly, draft } = useEditor();
  const [asking, setAsking] = useState<string | null>(null);
  const target = draft.purposes.find((p) => p.id === asking) ?? null;
  return (
    <section className="sbq-panel" aria-labelledby="sbq-purposes" data-path="purposes">
      <h2 id="sbq-purposes">{t('purposes')}</h2>
      {draft.purposes.length === 0 && <p>{t('noPurposes')}</p>}
      <ol>
        {draft.purposes.map((p, i) => (
          <li key={p.id} className="sbq-purpose">
            <CommitField
              label={`${t('purpose')} ${i + 1}`}
              value={p.title}
              path={`purposes.${i}.title`}
              disabled={readOnly}
              onCommit={(title) =>
                run([{ type: 'purpose/edit', purposeId: p.id, patch: { title } }])
              }
            />
            <SelectField
              label={t('skillLevel')}
              value={p.skillLevelId}
              options={draft.dictionaries.skillLevels}
              emptyLabel={t('none')}
              path={`purposes.${i}.skillLevelId`}
              disabled={readOnly}
              onChange={(skillLevelId) =>
                run([{ type: 'purpose/edit', purposeId: p.id, patch: { skillLevelId } }])
              }
            />
            <SelectField
              label={t('langLevel')}
              value={p.langLevelId}
              options={LANG_LEVELS}
              emptyLabel={t('none')}
              path={`purposes.${i}.langLevelId`}
              disabled={readOnly}
              onChange={(langLevelId) =>
                run([{ type: 'purpose/edit', purposeId: p.id, patch: { langLevelId } }])
              }
            />
            {!readOnly && (
              <IconButton
                aria-label={`${t('removePurpose')} ${i + 1}`}
                onClick={() => setAsking(p.id)}
                danger
                icon={<IconX size={16} aria-hidden />}
              />
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <AddButton onClick={() => run([{ type: 'purpose/add', purposeId: newId(), title: '' }])}>
          {t('addPurpose')}
        </AddButton>
      )}
      <Dialog
        open={target !== null}
        title={t('removePurpose')}
        onClose={() => setAsking(null)}
        footer={
          <>
            <Button variant="default" size="compact-sm" onClick={() => setAsking(null)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (target) run([{ type: 'purpose/remove', purposeId: target.id }]);
                setAsking(null);
              }}
            >
              {t('remove')}
            </Button>
          </>
        }
      >
        <p>{t('confirmRemovePurpose', { title: target?.title || t('purpose') })}</p>
      </Dialog>
    </section>
  );
}

/** Live statistics: the engine's computeStatistics on every change. */
export function StatisticsPanel() {
  const { t, draft } = useEditor();
  const s = computeStatistics(draft);
  const r = s.result;
  return (
    <section className="sbq-panel" aria-labelledby="sbq-stats">
      <h2 id="sbq-stats">{t('statistics')}</h2>
      <dl className="sbq-stats">
        <dt>{t('countTask')}</dt>
        <dd data-testid="countTask">{r.countTask}</dd>
        <dt>{t('countTime')}</dt>
        <dd data-testid="countTime">{r.countTime}</dd>
        <dt>{t('countGrade')}</dt>
        <dd data-testid="countGrade">{r.countGrade}</dd>
        <dt>{t('countGradeCommon')}</dt>
        <dd data-testid="countGradeCommon">{r.countGradeCommon}</dd>
      </dl>
      {s.rows.length > 0 && (
        <table>
          <caption className="sbq-visually-hidden">{t('statistics')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('number')}</th>
              <th scope="col">{t('title')}</th>
              <th scope="col">{t('grade')}</th>
              <th scope="col">{t('countGradeCommon')}</th>
            </tr>
          </thead>
          <tbody>
            {s.rows.map((row) => (
              <tr key={row.moduleId}>
                <td>{row.number ?? '—'}</td>
                <td>{row.title || t('untitledModule')}</td>
                <td>{row.grade}</td>
                <td>{row.gradeCommon}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Problems from validateDraft; each jumps to its field. */
export function ProblemsPanel({
  problems,
  onJump,
  onValidate,
}: {
  /** null until the person asked to validate. */
  problems: readonly Problem[] | null;
  onJump: (path: string) => void;
  onValidate: () => void;
}) {
  const { t, lang } = useEditor();
  return (
    <section className="sbq-panel" aria-labelledby="sbq-problems">
      <h2 id="sbq-problems">{t('problems')}</h2>
      {problems === null ? (
        <Button variant="default" size="compact-sm" onClick={onValidate}>
          {t('validate')}
        </Button>
      ) : problems.length === 0 ? (
        <p role="status">{t('noProblems')}</p>
      ) : (
        <ul>
          {problems.map((p, i) => (
            <li key={`${p.path}-${p.code}-${i}`}>
              <Button
                variant="subtle"
                size="compact-sm"
                className="sbq-link"
                onClick={() => onJump(p.path)}
              >
                {problemMessage(p, lang)}
                <span className="sbq-visually-hidden"> — {t('goToField')}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface EarlierEvent {
  seq: number;
  actor: string;
  at: string;
  type: string;
}

/** Every event with author and time; view the draft at any point; restore it as new events. */
export function HistoryPanel({
  events,
  earlier = [],
  viewing,
  onView,
  onRestore,
  actorName,
}: {
  events: readonly DraftEvent[];
  earlier?: readonly EarlierEvent[];
  viewing: number | null;
  onView: (n: number | null) => void;
  onRestore: (n: number) => void;
  actorName: (actor: string) => string;
}) {
  const { t, lang, log } = useEditor();
  const time = (at: string) => formatDateTime(at);
  const who = (actor: string) => (actor === log.actor ? t('you') : actorName(actor));
  return (
    <section className="sbq-panel" aria-labelledby="sbq-history">
      <h2 id="sbq-history">{t('history')}</h2>
      {viewing !== null && (
        <p role="status">
          {t('viewing', { n: viewing })}{' '}
          <Button variant="default" size="compact-sm" onClick={() => onView(null)}>
            {t('backToCurrent')}
          </Button>
        </p>
      )}
      {events.length === 0 && earlier.length === 0 && <p>{t('noHistory')}</p>}
      <ol reversed className="sbq-history">
        {[...events].reverse().map((e, ri) => {
          const n = events.length - ri;
          return (
            <li key={e.id} aria-current={viewing === n ? 'step' : undefined}>
              <span>{commandLabel(e.command.type, lang)}</span>{' '}
              <small>
                {who(e.actor)} · <time dateTime={e.at}>{time(e.at)}</time>
              </small>{' '}
              <Button
                variant="default"
                size="compact-sm"

                aria-label={`${t('view')}: ${n}`}
                onClick={() => onView(n === events.length ? null : n)}
              >
                {t('view')}
              </Button>
              {n < events.length && (
                <Button
                  variant="default"
                  size="compact-sm"

                  aria-label={`${t('restore')}: ${n}`}
                  onClick={() => onRestore(n)}
                >
                  {t('restore')}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {events.length > 0 && (
        <Button variant="default" size="compact-sm" onClick={() => onView(0)}>
          {t('viewStart')}
        </Button>
      )}
      {earlier.length > 0 && (
        <details>
          <summary>{t('earlierHistory')}</summary>
          <ol reversed>
            {[...earlier].reverse().map((e) => (
              <li key={e.seq}>
                {commandLabel(e.type, lang)}{' '}
                <small>
                  {who(e.actor)} · <time dateTime={e.at}>{time(e.at)}</time>
                </small>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
