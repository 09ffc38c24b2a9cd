import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import type { DialogProps } from './DialogModal';

let Loaded: ComponentType<DialogProps> | null = null;

/**
 * The kit's Modal (with its focus trap, scroll lock and portal, ~30 KB gzipped) is fetched right
 * after the builder, not with it: the builder's first draw and its chunk budget do not carry it,
 * and it is here before anyone can press a button that opens a dialog. Resolves once it is.
 */
export const dialogReady: Promise<void> = import('./DialogModal').then((m) => {
  Loaded = m.default;
});
// Offline at that moment: the first dialog opened tries again (below).
dialogReady.catch(() => {});

const LazyDialog = lazy(() => import('./DialogModal'));

/** A modal dialog of the builder: the kit's Modal (see DialogModal). */
export function Dialog(props: DialogProps) {
  if (Loaded) return <Loaded {...props} />;
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
