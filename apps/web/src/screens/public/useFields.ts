import { useState } from 'react';

/** Form values and per-field errors; editing a field clears its error (spec §5). */
export function useFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const edit = (field: F, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
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
