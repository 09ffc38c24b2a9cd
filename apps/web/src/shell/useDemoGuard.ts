import { useEffect } from 'react';
import { useAppState } from '../session/store';

/**
 * The screens that show lessons, lectures and exams: the only places where a demo subscription
 * blocks copying (issue 19: "on content screens, and nowhere else").
 */
export const CONTENT_SCREENS: ReadonlySet<string> = new Set([
  'lesson',
  'lesson-control',
  'schedule-content-platform',
  'schedule-exam-platform',
  'content-exam-sor',
  'content-exam-soch',
  'content-lecture-lesson',
  'lecture-builder-preview',
  'lecture-control-view',
  'lecture-control-show',
  'product-control-view',
  'homework-assigned',
  'homework-preview',
  'contest-lesson-platform',
  'contest-catalog-lesson',
  'catalog-lecture',
  'methodical-document',
  'correction-work-course',
  'course',
]);

/**
 * Spec §1: a live demo subscription blocks copy, select and Ctrl/Cmd+C, X, A on content screens
 * (`onContentScreen`), saying why once per screen.
 */
export function useDemoGuard(onContentScreen: boolean): void {
  const demo = useAppState(
    (s) => s.user?.hasSubscription === true && s.user.subscription?.isDemo === true,
  );
  const active = demo && onContentScreen;
  useEffect(() => {
    if (!active) return;
    let live = true;
    let undo = () => {};
    void import('./demo-guard').then((m) => {
      if (live) undo = m.installDemoGuard();
    });
    return () => {
      live = false;
      undo();
    };
  }, [active]);
}
