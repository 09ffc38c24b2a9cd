import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { SITE_PAGES, type SitePageEdit, type SitePageSlug } from '@sabaq/platform/site';
import { savePage, usePageEdit } from './api';
import { SiteLoad } from './common';
import { BiRichInput, BiTextInput } from './fields';
import { SaveBar } from './SaveBar';
import { siteText } from './texts';
import { useSaveForm } from './useSaveForm';
import { useEdited } from './useEdited';

function PageForm({ slug, initial }: { slug: SitePageSlug; initial: SitePageEdit }) {
  const { value, update, latest } = useEdited<SitePageEdit>({
    title: initial.title,
    body: initial.body,
  });
  const { errors, state, save: run } = useSaveForm();
  const save = () => run(() => savePage(slug, latest()));
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

/**
 * The site's pages in both languages: the agreement (terms of use and personal data) and the
 * promo pages (issue 17), one at a time.
 */
export function AdminAgreement() {
  const t = siteText();
  const [slug, setSlug] = useState<SitePageSlug>('agreement');
  const loaded = usePageEdit(slug);
  return (
    <>
      <NativeSelect
        label={t('pageChoice')}
        value={slug}
        onChange={(event) => setSlug(event.currentTarget.value as SitePageSlug)}
        data={SITE_PAGES.map((each) => ({ value: each, label: t(PAGE_LABEL[each]) }))}
        w={{ base: '100%', sm: 420 }}
        mb="md"
      />
      <SiteLoad loaded={loaded}>
        {(page) => <PageForm key={slug} slug={slug} initial={page} />}
      </SiteLoad>
    </>
  );
}

const PAGE_LABEL = {
  agreement: 'pageAgreement',
  'promo-om': 'pagePromoOm',
  'promo-teacher-innovator': 'pageInnovator',
  'promo-teacher-innovator-conditions': 'pageInnovatorConditions',
  'promo-teacher-innovator-winners': 'pageInnovatorWinners',
  'promo-contest': 'pagePromoContest',
  'promo-exams': 'pagePromoExams',
  'promo-statistics': 'pagePromoStatistics',
} as const satisfies Record<SitePageSlug, string>;
