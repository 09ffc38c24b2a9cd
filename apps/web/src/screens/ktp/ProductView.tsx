import { Link, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import { CALENDAR_PLAN_PRODUCTS } from '@sabaq/platform';
import type { CalendarPlanLessonData, CalendarPlanProduct } from '@sabaq/platform';
import { path, useLoad } from '../schedule/api';
import { DraftView, LessonHeader, LoadState, ktpPaths } from './common';
import { ktpText } from './texts';

function isProduct(x: string | undefined): x is CalendarPlanProduct {
  return (CALENDAR_PLAN_PRODUCTS as readonly string[]).includes(x ?? '');
}

/**
 * schedule/{product}/control/view/{calendarPlanLessonUUID} (staff): the plan lesson's linked
 * lesson, SOR, SOCh or lecture read-only, with the right answers marked. Another product: 404.
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
