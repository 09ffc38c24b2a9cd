import { Button } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Draft } from '@sabaq/engine';
import type { CalendarPlanLessonData } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { path, useLoad } from '../shared/api';
import { LoadState, ModuleBlock, ktpPaths } from './common';
import type { T } from './common';
import { ktpText } from './texts';
import { pathTo } from '../shared/named';

/**
 * schedule/lecture/control/show/{calendarPlanLessonUUID}: the lecture for the class, one page at
 * a time. ← → and PageUp/PageDown turn pages, Esc leaves, a button goes full screen. Students of
 * the group open it too (without right answers).
 */
/** The Keyboard Lock API (Chromium), when the browser has it. */
function keyboardLock(): { lock(keys: string[]): Promise<void>; unlock(): void } | undefined {
  return (
    navigator as Navigator & {
      keyboard?: { lock(keys: string[]): Promise<void>; unlock(): void };
    }
  ).keyboard;
}

export default function LectureShow() {
  const t = ktpText();
  const uuid = useParams().calendarPlanLessonUUID ?? '';
  const role = useAppState((s) => s.user?.role);
  const navigate = useNavigate();
  const loaded = useLoad<CalendarPlanLessonData>(
    uuid ? path('calendarPlans.lesson', { calendarPlanLessonUUID: uuid }) : null,
  );
  const exit = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    navigate(role === 'student' ? pathTo('VSchedulePage') : ktpPaths.view(uuid));
  }, [navigate, role, uuid]);
  return (
    <section className="ktp-page" aria-labelledby="ktp-show-h">
      <LoadState loaded={loaded} t={t}>
        {(d) => {
          const doc = d.documents.find((x) => x.kind === 'lecture')?.draft as unknown as
            Draft | undefined;
          if (!doc)
            return (
              <>
                <h1 id="ktp-show-h">
                  {t('showTitle')}: №{d.lesson.number}. {d.lesson.topic}
                </h1>
                <p>{t('noLecture')}</p>
              </>
            );
          return <Show doc={doc} d={d} t={t} onExit={exit} />;
        }}
      </LoadState>
    </section>
  );
}

function Show({
  doc,
  d,
  t,
  onExit,
}: {
  doc: Draft;
  d: CalendarPlanLessonData;
  t: T;
  onExit: () => void;
}) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const total = Math.max(1, doc.pages.length);
  const go = useCallback(
    (delta: number) => setIndex((i) => Math.min(total - 1, Math.max(0, i + delta))),
    [total],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Typing somewhere (a field in a page) keeps its keys.
      const target = e.target;
      if (
        target instanceof Element &&
        target.closest('input, textarea, select, [contenteditable="true"]')
      )
        return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') {
        e.preventDefault();
        go(1);
      } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
        e.preventDefault();
        go(-1);
      } else if (e.key === 'Escape') {
        // Out of full screen Esc leaves the show. In full screen the browser takes the first Esc
        // to leave full screen, unless the Keyboard Lock API holds it (Chromium, see toggleFull):
        // then Esc arrives here and leaves full screen and the show together. Elsewhere the
        // visible «exit» button does that in one press.
        e.preventDefault();
        onExit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, onExit]);

  useEffect(() => {
    const onChange = () => {
      setFull(Boolean(document.fullscreenElement));
      if (!document.fullscreenElement) keyboardLock()?.unlock();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const page = doc.pages[index];
  const toggleFull = async () => {
    if (document.fullscreenElement) {
      await document.exitFullscreen?.();
      return;
    }
    await box.current?.requestFullscreen?.();
    // Keep Esc for the page while in full screen (Chromium): holding Esc still leaves full screen.
    await keyboardLock()
      ?.lock(['Escape'])
      .catch(() => undefined);
  };
  return (
    <div ref={box} className="ktp-show" lang={doc.lang === 'kz' ? 'kk' : 'ru'}>
      <h1 id="ktp-show-h">{doc.title}</h1>
      <p className="ktp-muted">
        {d.plan.subject.name} · {d.plan.group.name} · №{d.lesson.number}
      </p>
      <div className="ktp-show-body" aria-live="polite">
        {page ? (
          <section aria-label={page.title || t('pageOf', { n: index + 1, total })}>
            <h2>{page.title || t('pageOf', { n: index + 1, total })}</h2>
            {page.modules.length === 0 && <p>{t('emptyPage')}</p>}
            {page.modules.map((m) => (
              <ModuleBlock key={m.id} m={m} rightAnswers={false} t={t} />
            ))}
          </section>
        ) : (
          <p>{t('emptyPage')}</p>
        )}
      </div>
      <div className="ktp-show-bar ktp-actions">
        <Button variant="default" type="button" onClick={() => go(-1)} disabled={index === 0}>
          ← {t('prevPage')}
        </Button>
        <span role="status">{t('pageOf', { n: index + 1, total })}</span>
        <Button variant="default" type="button" onClick={() => go(1)} disabled={index >= total - 1}>
          {t('nextPage')} →
        </Button>
        <Button variant="default" type="button" onClick={() => void toggleFull()}>
          {full ? t('exitFullscreen') : t('fullscreen')}
        </Button>
        <Button variant="default" type="button" onClick={onExit}>
          {t('exitShow')}
        </Button>
      </div>
      <p className="ktp-muted">{full ? t('fullscreenEscHelp') : t('showHelp')}</p>
    </div>
  );
}
