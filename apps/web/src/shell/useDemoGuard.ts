import { useEffect, useRef } from 'react';
import { currentUiLang, notify } from '../app/services';
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

// Latin keys and, for a Cyrillic layout, the letters on the same keys (С, Ч, Ф); `code` too.
const BLOCKED_KEYS = new Set(['c', 'x', 'a', 'с', 'ч', 'ф']);
const BLOCKED_CODES = new Set(['KeyC', 'KeyX', 'KeyA']);

const NOTICE = {
  kz: 'Демо-жазылымда материалды көшіруге болмайды',
  ru: 'В демо-подписке копировать материалы нельзя',
} as const;

/** Form fields stay editable: a person must still be able to fix their own typing. */
function inField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('input, textarea, [contenteditable="true"]') !== null
  );
}

/**
 * Spec §1: a live demo subscription blocks copy, select and Ctrl/Cmd+C, X, A on content screens
 * (`onContentScreen`), saying why once per screen.
 */
export function useDemoGuard(onContentScreen: boolean): void {
  const demo = useAppState(
    (s) => s.user?.hasSubscription === true && s.user.subscription?.isDemo === true,
  );
  const told = useRef(false);
  const active = demo && onContentScreen;
  useEffect(() => {
    if (!active) return;
    told.current = false;
    const block = (event: Event) => {
      if (inField(event.target)) return;
      event.preventDefault();
      // Selecting starts on every press of the mouse: only copying deserves the notice.
      if (event.type !== 'selectstart' && !told.current) {
        told.current = true;
        notify({ kind: 'warning', message: NOTICE[currentUiLang()] });
      }
    };
    const keys = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      if (BLOCKED_KEYS.has(event.key.toLowerCase()) || BLOCKED_CODES.has(event.code)) block(event);
    };
    document.addEventListener('copy', block);
    document.addEventListener('cut', block);
    document.addEventListener('selectstart', block);
    document.addEventListener('keydown', keys);
    document.body.classList.add('demo-locked');
    return () => {
      document.removeEventListener('copy', block);
      document.removeEventListener('cut', block);
      document.removeEventListener('selectstart', block);
      document.removeEventListener('keydown', keys);
      document.body.classList.remove('demo-locked');
    };
  }, [active]);
}
