import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CalendarPlanLessonData } from '@sabaq/platform';
import { api } from '../../app/services';
import { failure, path, useLoad } from '../shared/api';
import { LessonHeader, LoadState, ktpPaths } from './common';
import { ktpText } from './texts';

interface LectureCreated {
  lectureId: string;
  created: boolean;
}

/**
 * schedule/lecture/control/create/{calendarPlanLessonUUID}: makes a lecture draft titled with
 * the plan lesson's topic, links it and opens the lecture builder. When a lecture is linked
 * already, offers to open it or to replace it with a new one.
 */
export default function LectureCreate() {
  const t = ktpText();
  const uuid = useParams().calendarPlanLessonUUID ?? '';
  const navigate = useNavigate();
  const url = path('calendarPlans.lesson', { calendarPlanLessonUUID: uuid });
  const loaded = useLoad<CalendarPlanLessonData>(uuid ? url : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const create = async (replace: boolean) => {
    setBusy(true);
    setError(null);
    const r = await api.post<{ data: LectureCreated }>(
      path('calendarPlans.lessonLecture', { calendarPlanLessonUUID: uuid }),
      { replace },
      { handle: 'silent' },
    );
    setBusy(false);
    if (r.error) setError(failure(r));
    else navigate(ktpPaths.edit(r.data.data.lectureId), { replace: true });
  };

  const d = loaded.data;
  const linked = d?.lesson.content.find((c) => c.kind === 'lecture');
  useEffect(() => {
    // Nothing linked yet: create right away, as the builder's own create screen does.
    if (d && !linked && d.plan.canManage && !started.current) {
      started.current = true;
      void create(false);
    }
  }, [d, linked]);

  return (
    <section className="ktp-page" aria-labelledby="ktp-create-h">
      <LoadState loaded={loaded} t={t}>
        {(data) => (
          <>
            <LessonHeader
              plan={data.plan}
              lesson={data.lesson}
              title={t('createLecture')}
              t={t}
              headingId="ktp-create-h"
            />
            {!data.plan.canManage ? (
              <p role="alert">{t('readOnly')}</p>
            ) : linked ? (
              <>
                <p>{t('lectureLinked', { title: linked.title })}</p>
                <div className="ktp-actions">
                  <Link to={ktpPaths.edit(linked.draftId)}>{t('openLecture')}</Link>
                  <Button
                    variant="default"
                    type="button"
                    disabled={busy}
                    onClick={() => void create(true)}
                  >
                    {t('replaceLecture')}
                  </Button>
                  <Link to={ktpPaths.view(uuid)}>{t('viewLecture')}</Link>
                </div>
              </>
            ) : (
              !error && <p role="status">{t('creatingLecture')}</p>
            )}
            {error && (
              <div role="alert">
                <p>{error}</p>
                <Button
                  variant="default"
                  type="button"
                  onClick={() => void create(Boolean(linked))}
                >
                  {t('retry')}
                </Button>
              </div>
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}
