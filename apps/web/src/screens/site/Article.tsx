import { Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { RichView } from '@sabaq/editor';
import { displayDate, urlLang } from '../shared/api';
import { useArticle } from './api';
import { EditLink, SiteLoad } from './common';
import { siteText } from './texts';
import './site.css';

/** news/{articleId} (spec §2): one article in the reader's language. */
export default function ArticlePage() {
  const t = siteText();
  const { articleId } = useParams();
  const loaded = useArticle(articleId);
  return (
    <article className="page site-page" aria-labelledby="article-h">
      <p>
        <Link to={`/${urlLang()}/news`}>← {t('backToNews')}</Link>
      </p>
      <SiteLoad
        loaded={loaded}
        notFound={
          <div role="alert">
            <h1 id="article-h">{t('articleNotFound')}</h1>
            <p>{t('articleNotFoundText')}</p>
          </div>
        }
      >
        {(a) => (
          <>
            <div className="site-head">
              <h1 id="article-h">{a.title}</h1>
              <EditLink tab="news" />
            </div>
            <Text size="sm" c="dimmed" mb="md">
              {t('published', { date: displayDate(a.publishedAt) })}
            </Text>
            {a.cover && <img className="site-article__cover" src={a.cover} alt="" />}
            <div className="site-rich">
              <RichView doc={a.body} />
            </div>
          </>
        )}
      </SiteLoad>
    </article>
  );
}
