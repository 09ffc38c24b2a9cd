import { Button, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { displayDate, urlLang } from '../shared/api';
import { useArticles } from './api';
import { EditLink, SiteLoad } from './common';
import { siteText } from './texts';
import './site.css';

/** news (spec §2): published articles, newest first, nine to a page (`?page=`). */
export default function News() {
  const t = siteText();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const loaded = useArticles(page);
  const go = (to: number) => setSearch(to === 1 ? {} : { page: String(to) });
  return (
    <section className="page site-page" aria-labelledby="news-h">
      <div className="site-head">
        <h1 id="news-h">{t('newsTitle')}</h1>
        <EditLink tab="news" />
      </div>
      <SiteLoad loaded={loaded}>
        {(list) =>
          list.items.length === 0 ? (
            <p>{t('newsEmpty')}</p>
          ) : (
            <>
              <ul className="site-news">
                {list.items.map((a) => (
                  <li key={a.id} className="site-news__item">
                    {a.cover && <img src={a.cover} alt="" loading="lazy" />}
                    <div className="site-news__text">
                      <h2>
                        <Link to={`/${urlLang()}/news/${a.id}`}>{a.title}</Link>
                      </h2>
                      <Text size="sm" c="dimmed">
                        <time dateTime={a.publishedAt}>{displayDate(a.publishedAt)}</time>
                      </Text>
                      {a.summary && <p>{a.summary}</p>}
                    </div>
                  </li>
                ))}
              </ul>
              {list.pages > 1 && (
                <nav aria-label={t('newsPages')}>
                  <Group gap="sm">
                    <Button variant="default" disabled={page <= 1} onClick={() => go(page - 1)}>
                      {t('newsPrev')}
                    </Button>
                    <Text aria-live="polite">{t('newsPage', { page, pages: list.pages })}</Text>
                    <Button
                      variant="default"
                      disabled={page >= list.pages}
                      onClick={() => go(page + 1)}
                    >
                      {t('newsNext')}
                    </Button>
                  </Group>
                </nav>
              )}
            </>
          )
        }
      </SiteLoad>
    </section>
  );
}
