import { useCallback, useRef, useState } from 'react';

/**
 * Form state whose latest value is also readable at once: a rich-text field commits when it is
 * left, and that blur comes just before the click on Save; Save reads `latest()`, never a render
 * behind.
 */
export function useEdited<T>(initial: T) {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const update = useCallback((change: (current: T) => T) => {
    ref.current = change(ref.current);
    setValue(ref.current);
  }, []);
  const latest = useCallback(() => ref.current, []);
  return { value, update, latest };
}
