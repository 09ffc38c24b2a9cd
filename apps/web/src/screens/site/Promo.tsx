import { Anchor } from '@mantine/core';
import { RichView } from '@sabaq/editor';
import type { SitePageSlug } from '@sabaq/platform/site';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { urlLang } from '../shared/api';
import { usePage } from './api';
import { EditLink, SiteLoad } from './common';
import { siteText } from './texts';
import './site.css';

/**
 * The promo pages (issue 17, spec §2 promo-om, promo-teacher-innovator/{tab?}, the contests'
 * promo): site pages from the database that the administrator edits with the agreement.
 */
function PromoPage({ slug, children }: { slug: SitePageSlug; children?: ReactNode }) {
  const loaded = usePage(slug);
  return (
    <article className="page site-page" aria-labelledby="promo-title">
      <SiteLoad loaded={loaded}>
        {(page) => (
          <>
            <div className="site-head">
              <h1 id="promo-title">{page.title}</h1>
              <EditLink tab="agreement" />
            </div>
            {children}
            <div className="site-rich">
              <RichView doc={page.body} />
            </div>
          </>
        )}
      </SiteLoad>
    </article>
  );
}

export default function PromoOm() {
  return <PromoPage slug="promo-om" />;
}

const TABS = [
  { tab: 'about', slug: 'promo-teacher-innovator', label: 'tabAbout' },
  { tab: 'conditions', slug: 'promo-teacher-innovator-conditions', label: 'tabConditions' },
  { tab: 'winners', slug: 'promo-teacher-innovator-winners', label: 'tabWinners' },
] as const;

/** promo-teacher-innovator/{tab?}: the project's three tabs (about, conditions, winners). */
export function PromoInnovator() {
  const t = siteText();
  const { tab = 'about' } = useParams();
  const current = TABS.find((each) => each.tab === tab);
  if (!current) return <Navigate to={`/${urlLang()}/promo-teacher-innovator`} replace />;
  return (
    <PromoPage key={current.slug} slug={current.slug}>
      <nav aria-label={t('promoTabs')} className="promo-tabs">
        {TABS.map((each) => (
          <Anchor
            key={each.tab}
            component={Link}
            to={`/${urlLang()}/promo-teacher-innovator${each.tab === 'about' ? '' : `/${each.tab}`}`}
            aria-current={each.tab === current.tab ? 'page' : undefined}
          >
            {t(each.label)}
          </Anchor>
        ))}
      </nav>
    </PromoPage>
  );
}

/** The promo a route shows to roles it is not for (RouteDef.promo): the exam catalogue, statistics. */
export function RoutePromo({ page }: { page: 'promo-exams' | 'promo-statistics' }) {
  return <PromoPage key={page} slug={page} />;
}

/** contest/list/lessons/contest/promo: how contests go, with the way to the list. */
export function ContestPromo() {
  const t = siteText();
  return (
    <PromoPage slug="promo-contest">
      <p>
        <Anchor component={Link} to={`/${urlLang()}/contest/list`}>
          {t('toContests')}
        </Anchor>
      </p>
    </PromoPage>
  );
}
