import { useMemo, useState } from 'react';
import { TextInput } from '@mantine/core';
import { richTextToPlain } from '@sabaq/engine';
import { RichView } from '@sabaq/editor';
import type { FaqCategory } from '@sabaq/platform/site';
import { useFaq } from './api';
import { EditLink, SiteLoad } from './common';
import { siteText } from './texts';
import './site.css';

/** Questions whose question or answer holds every word typed (case-insensitive). */
function filterFaq(categories: readonly FaqCategory[], query: string): FaqCategory[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...categories];
  return categories
    .map((c) => ({
      ...c,
      questions: c.questions.filter((q) => {
        const text = `${c.title} ${q.question} ${richTextToPlain(q.answer)}`.toLocaleLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((c) => c.questions.length > 0);
}

/** faq (spec §2): the questions by category; each answer opens in place (a disclosure). */
export default function Faq() {
  const t = siteText();
  const loaded = useFaq();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterFaq(loaded.data ?? [], query), [loaded.data, query]);
  return (
    <section className="page site-page" aria-labelledby="faq-h">
      <div className="site-head">
        <h1 id="faq-h">{t('faqTitle')}</h1>
        <EditLink tab="faq" />
      </div>
      <SiteLoad loaded={loaded}>
        {(all) =>
          all.length === 0 ? (
            <p>{t('faqEmpty')}</p>
          ) : (
            <>
              <TextInput
                type="search"
                label={t('faqSearch')}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
                maw={420}
                mb="md"
              />
              {shown.length === 0 && <p role="status">{t('faqNothing')}</p>}
              {shown.map((c) => (
                <section key={c.id} aria-labelledby={`faq-c-${c.id}`} className="site-faq-category">
                  <h2 id={`faq-c-${c.id}`}>{c.title}</h2>
                  {c.questions.map((q) => (
                    <details key={q.id} className="site-faq-question" open={query !== ''}>
                      <summary>{q.question}</summary>
                      <div className="site-rich">
                        <RichView doc={q.answer} />
                      </div>
                    </details>
                  ))}
                </section>
              ))}
            </>
          )
        }
      </SiteLoad>
    </section>
  );
}
