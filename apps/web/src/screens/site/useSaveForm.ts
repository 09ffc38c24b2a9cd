import { useState } from 'react';
import type { ApiResult } from '../../api/client';
import { failure } from '../shared/api';
import { fieldErrors } from './api';
import type { SaveState } from './SaveBar';

/**
 * The save flow every site editor shares: saving → field errors by path (422) or a message, or
 * saved; `onSaved` gets the server's answer.
 */
export function useSaveForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>('idle');
  async function save<T>(send: () => Promise<ApiResult<{ data: T }>>, onSaved?: (data: T) => void) {
    setState('saving');
    const r = await send();
    if (r.error) {
      const fields = fieldErrors(r);
      setErrors(fields);
      setState(Object.keys(fields).length > 0 ? 'invalid' : { error: failure(r) });
      return;
    }
    setErrors({});
    setState('saved');
    onSaved?.(r.data.data);
  }
  return { errors, state, save };
}
