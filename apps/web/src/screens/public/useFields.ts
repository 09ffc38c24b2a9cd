import { useState } from 'react';
import { readFormCache, writeFormCache } from '../../app/form-cache';

/**
 * Form values and per-field errors; editing a field clears its error (spec §5). With `cache`, what
 * was typed survives a reload for a while (spec §9 form cache key, passwords excepted).
 */
export function useFields<F extends string>(initial: Record<F, string>, cache?: string) {
  const [values, setValues] = useState<Record<F, string>>(() =>
    cache ? { ...initial, ...readFormCache<Record<F, string>>(cache) } : initial,
  );
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const edit = (field: F, value: string) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (cache) writeFormCache(cache, next);
      return next;
    });
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const bind = (field: F) => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      edit(field, event.currentTarget.value),
    error: errors[field],
  });
  return { values, errors, setErrors, edit, bind };
}
