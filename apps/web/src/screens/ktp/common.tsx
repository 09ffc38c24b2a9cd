import type { ReactNode } from 'react';
import { Button, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Draft, Module } from '@sabaq/engine';
import { RichView } from '@sabaq/editor';
import type { CalendarPlanLesson, CalendarPlanProduct, CalendarPlanSummary } from '@sabaq/platform';
import type { Loaded } from '../shared/api';
import { displayDate, urlLang } from '../shared/api';
import { plain } from '../shared/DraftRunner';
import type { ktpText } from './texts';
import './ktp.css';
import { pathTo } from '../shared/named';

export type T = ReturnType<typeof ktpText>;

/** Screen paths of the calendar-plan screens (the route table's, in the URL language). */
export const ktpPaths = {
  groups: () => `/${urlLang()}/backoffice/ktp`,
  group: (groupId: number) => `/${urlLang()}/backoffice/ktp/${groupId}`,
  plan: (groupId: number, planId: number) => `/${urlLang()}/backoffice/ktp/${groupId}/${planId}`,
  create: (uuid: string) => `/${urlLang()}/schedule/lecture/control/create/${uuid}`,
  view: (uuid: string) => `/${urlLang()}/schedule/lecture/control/view/${uuid}`,
  show: (uuid: string) => `/${urlLang()}/schedule/lecture/control/show/${uuid}`,
  product: (kind: CalendarPlanProduct, uuid: string) =>
    `/${urlLang()}/schedule/${kind}/control/view/${uuid}`,
  answer: (scheduleId: number, answerId: number) =>
    `/${urlLang()}/schedule/lecture/control/answer/${scheduleId}/${answerId}`,
  edit: (draftId: string) =>
    `/${urlLang()}/content/lectures/control/edit/${encodeURIComponent(draftId)}`,
  lesson: (scheduleId: number) => pathTo('VLessonPage', { scheduleId }),
};

/**
 * A wide table's box: the table keeps `minWidth` and scrolls sideways inside it on narrow
 * screens, so the page itself never does.
 */
export function ScrollTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className="ktp-scroll">
      {children}
    </Table.ScrollContainer>
  );
}

/** A table's column headings, in order (each a `th scope="col"`). */
export function ColumnHeads({ names }: { names: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {names.map((name, i) => (
          <th scope="col" key={i}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * An inline confirm (no modal): what will happen, then the action's button (focused, so Enter
 * confirms) and Cancel.
 */
export function InlineConfirm({
  action,
  message,
  busy,
  onConfirm,
  onCancel,
  t,
}: {
  /** The action's name: the dialog's label and its button. */
  action: string;
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  t: T;
}) {
  return (
    <div className="ktp-warning" role="alertdialog" aria-label={action}>
      <p>{message}</p>
      <div className="ktp-actions">
        <Button color="red" type="button" disabled={busy} onClick={onConfirm} autoFocus>
          {action}
        </Button>
        <Button variant="default" type="button" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

/** Loading, error (with retry) and ready states of a `useLoad` result. */
export function LoadState<D>({
  loaded,
  t,
  children,
}: {
  loaded: Loaded<D>;
  t: T;
  children: (data: D) => ReactNode;
}) {
  if (loaded.error)
    return (
      <div role="alert" className="ktp-error">
        <p>{loaded.error}</p>
        <Button variant="default" type="button" onClick={() => void loaded.reload()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (loaded.data === null) return <p role="status">{t('loading')}</p>;
  return <>{children(loaded.data)}</>;
}

/** The plan lesson's header: group, subject, number, topic, date, quarter. */
export function LessonHeader({
  plan,
  lesson,
  title,
  t,
  headingId,
}: {
  plan: CalendarPlanSummary;
  lesson: CalendarPlanLesson;
  title: string;
  t: T;
  headingId: string;
}) {
  return (
    <header className="ktp-header">
      <p className="ktp-crumbs">
        <Link to={ktpPaths.plan(plan.group.id, plan.id)}>
          {t('ktpShort')}: {plan.subject.name} · {plan.group.name}
        </Link>
      </p>
      <h1 id={headingId}>
        {title}: №{lesson.number}. {lesson.topic}
      </h1>
      <dl className="ktp-facts">
        <div>
          <dt>{t('group')}</dt>
          <dd>{plan.group.name}</dd>
        </div>
        <div>
          <dt>{t('subject')}</dt>
          <dd>{plan.subject.name}</dd>
        </div>
        <div>
          <dt>{t('date')}</dt>
          <dd>{lesson.date ? displayDate(lesson.date) : t('noDate')}</dd>
        </div>
        <div>
          <dt>{t('quarter')}</dt>
          <dd>{t('quarterN', { n: lesson.quarter })}</dd>
        </div>
        <div>
          <dt>{t('hours')}</dt>
          <dd>{lesson.hours}</dd>
        </div>
      </dl>
    </header>
  );
}

function optionText(content: unknown): string {
  return typeof content === 'string' ? content : plain(content);
}

/**
 * A builder draft read-only, page by page; `rightAnswers` marks the right options (staff). Used
 * by the product view and the show mode (one page at a time there).
 */
export function ModuleBlock({
  m,
  rightAnswers,
  t,
  level = 3,
}: {
  m: Module;
  rightAnswers: boolean;
  t: T;
  level?: 3 | 4;
}) {
  const H = level === 3 ? 'h3' : 'h4';
  const o = m.options;
  const right = (yes: boolean) =>
    rightAnswers && yes ? (
      <strong className="ktp-right">
        {' '}
        ✓ <span className="ktp-sr">{t('rightAnswer')}</span>
      </strong>
    ) : null;
  return (
    <article className="ktp-module" aria-label={m.title || undefined}>
      {m.title && <H>{m.title}</H>}
      {m.description && <RichView doc={m.description} />}
      <RichView doc={m.content} />
      {m.type === 'task' && o?.kind === 'select' && (
        <ul>
          {o.items.map((i) => (
            <li key={i.id}>
              {i.text}
              {right(o.rightId === i.id)}
            </li>
          ))}
        </ul>
      )}
      {m.type === 'task' && o?.kind === 'choice' && (
        <ul>
          {o.items.map((i) => (
            <li key={i.id}>
              {optionText(i.content)}
              {right(i.right)}
            </li>
          ))}
        </ul>
      )}
      {m.type === 'task' && o?.kind === 'connection' && (
        <div className="ktp-connection">
          <ul>
            {o.left.map((l) => {
              const to = o.links.find((x) => x.left === l.id)?.right;
              const r = o.right.find((x) => x.id === to);
              return (
                <li key={l.id}>
                  {optionText(l.content)}
                  {rightAnswers && r ? ` → ${optionText(r.content)}` : ''}
                </li>
              );
            })}
          </ul>
          {!rightAnswers && (
            <ul>
              {o.right.map((r) => (
                <li key={r.id}>{optionText(r.content)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {m.type === 'task' && !o && <p className="ktp-muted">{t('openTask')}</p>}
    </article>
  );
}

export function DraftView({
  draft,
  rightAnswers,
  t,
}: {
  draft: Draft;
  rightAnswers: boolean;
  t: T;
}) {
  return (
    <div className="ktp-draft" lang={draft.lang === 'kz' ? 'kk' : 'ru'}>
      <h2>{draft.title}</h2>
      {draft.summary && <p>{draft.summary}</p>}
      {draft.pages.map((p, i) => (
        <section
          key={p.id}
          aria-label={p.title || t('pageOf', { n: i + 1, total: draft.pages.length })}
        >
          <h3>{p.title || t('pageOf', { n: i + 1, total: draft.pages.length })}</h3>
          {p.modules.map((m) => (
            <ModuleBlock key={m.id} m={m} rightAnswers={rightAnswers} t={t} level={4} />
          ))}
        </section>
      ))}
    </div>
  );
}
