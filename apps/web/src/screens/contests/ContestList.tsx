import { Anchor, Badge, Button, Group, NativeSelect, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { CONTEST_LESSON_TYPES, CONTEST_TYPES, type ContestSummary } from '@sabaq/platform';
import { displayDate, urlLang } from '../shared/api';
import { useContests } from './api';
import {
  KIND_KEY,
  STAGE_COLOR,
  STAGE_KEY,
  TYPE_KEY,
  contestText,
  type ContestTexts,
} from './texts';
import '../shared/teaching.css';
import './contests.css';

const FILTERS = ['subject', 'parallel', 'school', 'lessonType', 'language', 'type'] as const;

/**
 * contest/list: contests with the §3 filters (subject, parallel, school, lessonType, language,
 * type, page) kept in the address, so a filtered list can be shared and the back button works.
 */
export default function ContestList() {
  const t = contestText();
  const [search, setSearch] = useSearchParams();
  const query = Object.fromEntries(
    [...FILTERS, 'page'].flatMap((key) => (search.get(key) ? [[key, search.get(key)!]] : [])),
  );
  const loaded = useContests(query);
  const data = loaded.data;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSearch(next);
  };
  const all = { value: '', label: t('all') };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="tch-page" aria-labelledby="contests-h">
      <Title order={1} id="contests-h">
        {t('listTitle')}
      </Title>
      <div className="contest-filters" role="group" aria-label={t('filters')}>
        <NativeSelect
          label={t('type')}
          value={search.get('type') ?? ''}
          onChange={(e) => set('type', e.currentTarget.value)}
          data={[all, ...CONTEST_TYPES.map((v) => ({ value: v, label: t(TYPE_KEY[v]) }))]}
        />
        <NativeSelect
          label={t('lessonType')}
          value={search.get('lessonType') ?? ''}
          onChange={(e) => set('lessonType', e.currentTarget.value)}
          data={[all, ...CONTEST_LESSON_TYPES.map((v) => ({ value: v, label: t(KIND_KEY[v]) }))]}
        />
        <NativeSelect
          label={t('subject')}
          value={search.get('subject') ?? ''}
          onChange={(e) => set('subject', e.currentTarget.value)}
          data={[all, ...(data?.subjects ?? []).map((s) => ({ value: s.code, label: s.name }))]}
        />
        <NativeSelect
          label={t('parallel')}
          value={search.get('parallel') ?? ''}
          onChange={(e) => set('parallel', e.currentTarget.value)}
          data={[all, ...Array.from({ length: 11 }, (_, i) => String(i + 1))]}
        />
        <NativeSelect
          label={t('language')}
          value={search.get('language') ?? ''}
          onChange={(e) => set('language', e.currentTarget.value)}
          data={[all, { value: 'kz', label: t('langKz') }, { value: 'ru', label: t('langRu') }]}
        />
        <NativeSelect
          label={t('school')}
          value={search.get('school') ?? ''}
          onChange={(e) => set('school', e.currentTarget.value)}
          data={[
            all,
            ...(data?.schools ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
      </div>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!data && !loaded.error && <p>{t('loading')}</p>}
      {data?.items.length === 0 && <p>{t('none')}</p>}
      {data && data.items.length > 0 && (
        <ul className="contest-cards">
          {data.items.map((contest) => (
            <ContestCard key={contest.id} contest={contest} t={t} />
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <Group gap={12} mt="md">
          <Button
            variant="default"
            disabled={data.page <= 1}
            onClick={() => set('page', String(data.page - 1))}
          >
            {t('previous')}
          </Button>
          <span>{t('page', { page: data.page, pages })}</span>
          <Button
            variant="default"
            disabled={data.page >= pages}
            onClick={() => set('page', String(data.page + 1))}
          >
            {t('next')}
          </Button>
        </Group>
      )}
    </section>
  );
}

function ContestCard({ contest, t }: { contest: ContestSummary; t: ContestTexts }) {
  return (
    <li className="contest-card">
      <h2 className="contest-card-title">
        <Anchor
          component={Link}
          to={`/${urlLang()}/contest/${contest.id}`}
          aria-label={t('open', { name: contest.title })}
        >
          {contest.title}
        </Anchor>
      </h2>
      <p>
        <Badge color={STAGE_COLOR[contest.stage]} variant="filled" size="lg">
          {t(STAGE_KEY[contest.stage])}
        </Badge>
      </p>
      <p>{contest.summary}</p>
      <p className="tch-muted">
        {t(TYPE_KEY[contest.type])} · {t(KIND_KEY[contest.lessonType])}
        {contest.subject && ` · ${contest.subject.name}`}
        {contest.parallels &&
          ` · ${t('parallels', { from: contest.parallels.from, to: contest.parallels.to })}`}
      </p>
      <p className="tch-muted">
        {t('dates', {
          from: displayDate(contest.startsOn),
          until: displayDate(contest.submitUntil),
        })}{' '}
        · {t('results', { date: displayDate(contest.resultsOn) })} ·{' '}
        {t('entries', { n: contest.entries })}
      </p>
    </li>
  );
}
