import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, NativeSelect } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import { CALENDAR_PLAN_PRODUCTS } from '@sabaq/platform';
import type { CalendarPlanLessonData, CalendarPlanProduct } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, useLoad } from '../shared/api';
import { DraftView, InlineConfirm, LessonHeader, LoadState, ktpPaths } from './common';
import type { T } from './common';
import { ktpText } from './texts';

function isProduct(x: string | undefined): x is CalendarPlanProduct {
  return (CALENDAR_PLAN_PRODUCTS as readonly string[]).includes(x ?? '');
}

/**
 * schedule/{product}/control/view/{calendarPlanLessonUUID} (staff): the plan lesson's linked
 * lesson, SOR, SOCh or lecture read-only, with the right answers marked, and (for those who
 * manage the plan) linking a published draft of that kind or unlinking it. Another product: 404.
 */
export default function ProductView() {
  const t = ktpText();
  const params = useParams();
  const product = params.product;
  const uuid = params.calendarPlanLessonUUID ?? '';
  const ok = isProduct(product);
  const loaded = useLoad<CalendarPlanLessonData>(
    ok && uuid ? path('calendarPlans.lesson', { calendarPlanLessonUUID: uuid }) : null,
  );
  if (!ok)
    return (
      <section className="ktp-page" aria-labelledby="ktp-product-h">
        <h1 id="ktp-product-h">404</h1>
        <p role="alert">{t('productNotFound')}</p>
        <p>
          <Link to={ktpPaths.groups()}>{t('ktp')}</Link>
        </p>
      </section>
    );
  const kind = t(`product_${product}`);
  return (
    <section className="ktp-page" aria-labelledby="ktp-product-h">
      <LoadState loaded={loaded} t={t}>
        {(d) => {
          const linked = d.lesson.content.find((c) => c.kind === product);
          const doc = d.documents.find((x) => x.kind === product)?.draft as unknown as
            Draft | undefined;
          return (
            <>
              <LessonHeader
                plan={d.plan}
                lesson={d.lesson}
                title={kind}
                t={t}
                headingId="ktp-product-h"
              />
              <nav className="ktp-actions" aria-label={t('kinds')}>
                {CALENDAR_PLAN_PRODUCTS.map((k) => (
                  <Link
                    key={k}
                    to={ktpPaths.product(k, d.lesson.uuid)}
                    aria-current={k === product ? 'page' : undefined}
                  >
                    {t(`product_${k}`)}
                  </Link>
                ))}
              </nav>
              {d.plan.canManage && (
                <LinkForm
                  key={product}
                  kind={product}
                  uuid={d.lesson.uuid}
                  current={linked?.draftId ?? null}
                  onChange={loaded.set}
                  t={t}
                />
              )}
              {!linked || !doc ? (
                <p>{t('noProduct', { kind })}</p>
              ) : (
                <>
                  <p className="ktp-muted">
                    {t(`status_${linked.status}`)} · {t('view')}
                  </p>
                  {product === 'lecture' && (
                    <div className="ktp-actions">
                      <Link to={ktpPaths.view(d.lesson.uuid)}>{t('viewLecture')}</Link>
                      <Link to={ktpPaths.show(d.lesson.uuid)}>{t('showLecture')}</Link>
                    </div>
                  )}
                  <DraftView draft={doc} rightAnswers t={t} />
                </>
              )}
            </>
          );
        }}
      </LoadState>
    </section>
  );
}

interface Published {
  id: string;
  type: string;
  title: string;
  version: number;
}

/** Link a published draft of the kind (the school's or the user's own), or unlink the current one. */
function LinkForm({
  kind,
  uuid,
  current,
  onChange,
  t,
}: {
  kind: CalendarPlanProduct;
  uuid: string;
  current: string | null;
  onChange: (d: CalendarPlanLessonData) => void;
  t: T;
}) {
  const published = useLoad<Published[]>(path('schedule.publishedContent'));
  const [choice, setChoice] = useState(current ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const options = (published.data ?? []).filter((p) => p.type === kind);

  const send = async (draftId: string | null) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    const r = await api.put<{ data: CalendarPlanLessonData }>(
      path('calendarPlans.lessonContent', { calendarPlanLessonUUID: uuid }),
      { kind, draftId },
      { handle: 'silent' },
    );
    setBusy(false);
    if (r.error) setError(failure(r));
    else {
      onChange(r.data.data);
      setNotice(draftId === null ? t('unlinked') : t('linkedNow'));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice) void send(choice);
  };

  return (
    <form className="ktp-actions" onSubmit={submit} aria-label={t('linkTitle')}>
      {published.error ? (
        <span role="alert">{published.error}</span>
      ) : published.data === null ? (
        <span role="status">{t('loading')}</span>
      ) : options.length === 0 ? (
        <span className="ktp-muted">{t('noPublished')}</span>
      ) : (
        <>
          <NativeSelect
            label={t('chooseDraft')}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            data={[
              { value: '', label: '—' },
              ...options.map((o) => ({ value: o.id, label: o.title })),
            ]}
            w={{ base: '100%', md: 420 }}
          />
          <Button
            type="submit"
            disabled={busy || !choice || choice === current}
            className="ktp-end"
          >
            {t('link')}
          </Button>
        </>
      )}
      {current && !confirming && (
        <Button
          type="button"
          variant="default"
          disabled={busy}
          onClick={() => setConfirming(true)}
          className="ktp-end"
        >
          {t('unlink')}
        </Button>
      )}
      {current && confirming && (
        <InlineConfirm
          action={t('unlink')}
          message={t('unlinkProductConfirm')}
          busy={busy}
          onConfirm={() => void send(null).then(() => setConfirming(false))}
          onCancel={() => setConfirming(false)}
          t={t}
        />
      )}
      {notice && <span role="status">{notice}</span>}
      {error && <span role="alert">{error}</span>}
    </form>
  );
}
