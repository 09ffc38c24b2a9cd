import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ConfirmModalProps } from './ConfirmModal';

// The modal (and the kit's Modal, Checkbox, focus trap with it) loads when a screen first asks:
// the lists that offer a removal stay within their page-weight budget (scripts/budget.mjs).
const loadConfirmModal = () => import('./ConfirmModal');
const ConfirmModal = lazy(() => loadConfirmModal().then((m) => ({ default: m.ConfirmModal })));

/**
 * Loads the modal ahead of its first use: a screen that must ask while offline (a SOR's hand-in,
 * issue 31) has its chunk kept by the service worker before the link drops.
 */
export function preloadConfirm(): void {
  void loadConfirmModal().catch(() => undefined);
}

/** What `ask` shows: the modal's texts and options. */
export type ConfirmRequest = Omit<ConfirmModalProps, 'opened' | 'onConfirm' | 'onClose' | 'busy'>;

/**
 * A promise-shaped confirmation in place of `window.confirm`: `ask(request)` opens the modal and
 * resolves true on confirm, false on cancel/Escape; render `modal` once in the screen. Once asked,
 * the modal stays mounted so that closing it animates and gives the focus back.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<{
    request: ConfirmRequest;
    resolve: (ok: boolean) => void;
  } | null>(null);
  const [asked, setAsked] = useState(false);
  const ask = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setAsked(true);
        setPending({ request, resolve });
      }),
    [],
  );
  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const modal = asked ? (
    <Suspense fallback={null}>
      <ConfirmModal
        {...(pending?.request ?? { title: '', message: '', action: '' })}
        opened={pending !== null}
        onConfirm={() => settle(true)}
        onClose={() => settle(false)}
      />
    </Suspense>
  ) : null;
  return [ask, modal];
}
