import type { SitePageEdit } from '@sabaq/platform/site';
import { saveAgreement, useAgreementEdit } from './api';
import { SiteLoad } from './common';
import { BiRichInput, BiTextInput } from './fields';
import { SaveBar } from './SaveBar';
import { useSaveForm } from './useSaveForm';
import { useEdited } from './useEdited';

function AgreementForm({ initial }: { initial: SitePageEdit }) {
  const { value, update, latest } = useEdited<SitePageEdit>({
    title: initial.title,
    body: initial.body,
  });
  const { errors, state, save: run } = useSaveForm();
  const save = () => run(() => saveAgreement(latest()));
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
