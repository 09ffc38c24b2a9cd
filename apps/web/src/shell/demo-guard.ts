import { currentUiLang, notify } from '../app/services';

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
 * Blocks copy, select and Ctrl/Cmd+C, X, A (spec §1, a live demo subscription on a content
 * screen), saying why once; returns the undo. Loaded only when a demo user opens such a screen.
 */
export function installDemoGuard(): () => void {
  let told = false;
  const block = (event: Event) => {
    if (inField(event.target)) return;
    event.preventDefault();
    // Selecting starts on every press of the mouse: only copying deserves the notice.
    if (event.type !== 'selectstart' && !told) {
      told = true;
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
}
