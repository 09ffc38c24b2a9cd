import { Anchor, Badge, Button, Group, NativeSelect, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import type { ContestEntries } from '@sabaq/platform';
import { path, urlLang, useLoad } from '../shared/api';
import { KIND_KEY, STAGE_COLOR, STAGE_KEY, contestText } from './texts';
import '../shared/teaching.css';
import './contests.css';

/**
 * content/lessons/contest/catalog: the lessons entered in contests, the places of finished
 * contests first; each opens as a student would see it.
 */
export default function ContestCatalog() {
  const t = contestText();
  const [search, setSearch] = useSearchParams();
  const contestId = search.get('contestId') ?? undefined;
  const page = Number(search.get('page') ?? 1);
  const loaded = useLoad<ContestEntries>(path('contests.entries'), { contestId, page });
  const data = loaded.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSearch(next);
  };
  return (
    <section className="tch-page" aria-labelledby="contest-catalog-h">
      <Title order={1} id="contest-catalog-h">
        {t('catalogTitle')}
      </Title>
      <NativeSelect
        label={t('contest')}
        value={contestId ?? ''}
        onChange={(event) => set('contestId', event.currentTarget.value)}
        data={[
          { value: '', label: t('all') },
          ...(data?.contests ?? []).map((c) => ({ value: String(c.id), label: c.title })),
        ]}
        w={{ base: '100%', sm: 420 }}
      />
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!data && !loaded.error && <p>{t('loading')}</p>}
      {data?.items.length === 0 && <p>{t('noEntries')}</p>}
      {data && data.items.length > 0 && (
        <ul className="contest-cards">
          {data.items.map((item) => (
            <li key={item.entryId} className="contest-card">
              <h2 className="contest-card-title">
                <Anchor
                  component={Link}
                  to={`/${urlLang()}/content/lessons/contest/catalog/${encodeURIComponent(item.draftId)}`}
                  aria-label={t('open', { name: item.title })}
                >
                  {item.title}
                </Anchor>
              </h2>
              <p>
                {item.place !== null ? (
                  <Badge color="indigo.9" variant="filled" size="lg">
                    {t('placeN', { n: item.place })}
                  </Badge>
                ) : (
                  <Badge color={STAGE_COLOR[item.stage]} variant="filled" size="lg">
                    {t(STAGE_KEY[item.stage])}
                  </Badge>
                )}
              </p>
              <p className="tch-muted">
                {t(KIND_KEY[item.lessonType])} · {item.author}
                {item.school && ` · ${item.school}`}
              </p>
              <p>
                <Anchor component={Link} to={`/${urlLang()}/contest/${item.contest.id}`}>
                  {item.contest.title}
                </Anchor>
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <Group gap={12} mt="md">
          <Button
            variant="default"
            disabled={page <= 1}
            onClick={() => set('page', String(page - 1))}
          >
            {t('previous')}
          </Button>
          <span>{t('page', { page, pages })}</span>
          <Button
            variant="default"
            disabled={page >= pages}
            onClick={() => set('page', String(page + 1))}
          >
            {t('next')}
          </Button>
        </Group>
      )}
    </section>
  );
}
