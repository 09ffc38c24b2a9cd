import { RichView } from '@sabaq/editor';
import { useAgreement } from './api';
import { EditLink, SiteLoad } from './common';
import './site.css';

/** agreement (spec §1 footer, §2): the terms of use and personal data, as the administrator keeps them. */
export default function Agreement() {
  const loaded = useAgreement();
  return (
    <article className="page site-page" aria-labelledby="agreement-title">
      <SiteLoad loaded={loaded}>
        {(page) => (
          <>
            <div className="site-head">
              <h1 id="agreement-title">{page.title}</h1>
              <EditLink tab="agreement" />
            </div>
            <div className="site-rich">
              <RichView doc={page.body} />
            </div>
          </>
        )}
      </SiteLoad>
    </article>
  );
}
