import { useState } from 'react';
import type { SitePageEdit } from '@sabaq/platform/site';
import { failure } from '../shared/api';
import { fieldErrors, saveAgreement, useAgreementEdit } from './api';
import { SiteLoad } from './common';
import { BiRichInput, BiTextInput } from './fields';
import { SaveBar, type SaveState } from './SaveBar';
import { useEdited } from './useEdited';

function AgreementForm({ initial }: { initial: SitePageEdit }) {
  const { value, update, latest } = useEdited<SitePageEdit>({
    title: initial.title,
    body: initial.body,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>('idle');
  const save = async () => {
    setState('saving');
    const r = await saveAgreement(latest());
    if (r.error) {
      const fields = fieldErrors(r);
      setErrors(fields);
      setState(Object.keys(fields).length > 0 ? 'invalid' : { error: failure(r) });
      return;
    }
    setErrors({});
    setState('saved');
  };
  return (
    <>
      <BiTextInput
        label="pageTitle"
        value={value.title}
        path="title"
        errors={errors}
        onChange={(title) => update((v) => ({ ...v, title }))}
      />
      <BiRichInput
        label="pageBody"
        value={value.body}
        path="body"
        errors={errors}
        onChange={(body) => update((v) => ({ ...v, body }))}
      />
      <SaveBar state={state} onSave={() => void save()} />
    </>
  );
}

/** The agreement (terms of use and personal data) in both languages. */
export function AdminAgreement() {
  const loaded = useAgreementEdit();
  return <SiteLoad loaded={loaded}>{(page) => <AgreementForm initial={page} />}</SiteLoad>;
}
