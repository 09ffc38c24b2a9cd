import { useEffect } from 'react';
import { useAppState } from '../session/store';

const BLOCKED_KEYS = new Set(['c', 'x', 'a']);

/** Form fields stay editable: a person must still be able to fix their own typing. */
function inField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('input, textarea, [contenteditable="true"]') !== null
  );
}

/** Spec §1: a demo subscription blocks copy, select and Ctrl/Cmd+C, X, A. */
export function useDemoGuard(): void {
  const demo = useAppState((s) => s.user?.subscription?.isDemo === true);
  useEffect(() => {
    if (!demo) return;
    const block = (event: Event) => {
      if (!inField(event.target)) event.preventDefault();
    };
    const keys = (event: KeyboardEvent) => {
      if (
        (event.ctrlKey || event.metaKey) &&
        BLOCKED_KEYS.has(event.key.toLowerCase()) &&
        !inField(event.target)
      ) {
        event.preventDefault();
      }
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
  }, [demo]);
}
