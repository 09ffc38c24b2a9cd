import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import type { CatalogueItem, CatalogueKind } from '@sabaq/platform';
import { displayDateTime, failure } from '../shared/api';
import { copyToDrafts, useCatalogueList } from './api';
import { catalogueText as t, typeName } from './texts';
import { builderPath, itemPath } from './paths';
export { builderPath, itemPath } from './paths';

const PER_PAGE = 10;
const KIND_LABEL = { lecture: 'kindLectures', lesson: 'kindLessons', exam: 'kindExams' } as const;
const PARALLELS = Array.from({ length: 11 }, (_, i) => String(i + 1));

/**
 * A content catalogue (issue 17): published lessons, lectures or exams with word search (Kazakh
 * words with any suffix, Russian in any form), subject, class, language and school filters, the
 * number found, pages, and copying into one's drafts.
 */
export function CatalogueList({
  kinds,
  heading,
}: {
  /** The kinds offered (the first is shown first); more than one shows a switch. */
  kinds: readonly CatalogueKind[];
  heading: string;
}) {
  const navigate = useNavigate();
  const ids = useId();
  const [kind, setKind] = useState<CatalogueKind>(kinds[0] ?? 'lecture');
  const [words, setWords] = useState('');
  const [q, setQ] = useState('');
  const [subject, setSubject] = useState<string | null>(null);
  const [parallel, setParallel] = useState<string | null>(null);
  const [lang, setLang] = useState<string | null>(null);
  const [school, setSchool] = useState<string | null>('all');
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const loaded = useCatalogueList({
    kind,
    q,
    page,
    ...(subject ? { subject } : {}),
    ...(parallel ? { parallel: Number(parallel) } : {}),
    ...(lang === 'kz' || lang === 'ru' ? { lang } : {}),
    ...(school === 'mine' ? { school: 'mine' as const } : {}),
  });
  const data = loaded.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQ(words.trim());
  };
  const filter = (set: (v: string | null) => void) => (v: string | null) => {
    setPage(1);
    set(v);
  };
  const copy = async (item: CatalogueItem) => {
    const r = await copyToDrafts(item.id);
    if (r.error) {
      setError(failure(r));
      return;
    }
    navigate(builderPath(r.data.data.type, r.data.data.id));
  };

  return (
    <section className="catalogue-page" aria-labelledby={`${ids}-h`}>
      <h1 id={`${ids}-h`}>{heading}</h1>
      <Text mb="md">{t('intro')}</Text>
      {kinds.length > 1 ? (
        <Group gap={4} mb="sm" role="group" aria-label={t('kind')}>
          {kinds.map((k) => (
            <Button
              key={k}
              size="compact-sm"
              variant={k === kind ? 'filled' : 'default'}
              aria-pressed={k === kind}
              onClick={() => {
                setPage(1);
                setKind(k);
              }}
            >
              {t(KIND_LABEL[k])}
            </Button>
          ))}
        </Group>
      ) : null}
      <form onSubmit={submit} role="search" aria-label={t('search')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={words}
            maxLength={200}
            onChange={(e) => setWords(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit">{t('find')}</Button>
        </Group>
        <Group gap="sm" mt="sm" wrap="wrap">
          <Select
            label={t('subject')}
            placeholder={t('anySubject')}
            clearable
            data={(data?.subjects ?? []).map((s) => ({ value: s.code, label: s.name }))}
            value={subject}
            onChange={filter(setSubject)}
            style={{ flex: '1 1 10rem' }}
          />
          <Select
            label={t('parallel')}
            placeholder={t('anyParallel')}
            clearable
            data={PARALLELS.map((n) => ({ value: n, label: t('grade', { n }) }))}
            value={parallel}
            onChange={filter(setParallel)}
            style={{ flex: '1 1 8rem' }}
          />
          <Select
            label={t('lang')}
            placeholder={t('anyLang')}
            clearable
            data={[
              { value: 'kz', label: t('langKz') },
              { value: 'ru', label: t('langRu') },
            ]}
            value={lang}
            onChange={filter(setLang)}
            style={{ flex: '1 1 8rem' }}
          />
          <Select
            label={t('school')}
            data={[
              { value: 'all', label: t('allSchools') },
              { value: 'mine', label: t('mySchool') },
            ]}
            value={school}
            allowDeselect={false}
            onChange={filter(setSchool)}
            style={{ flex: '1 1 8rem' }}
          />
        </Group>
      </form>
      {error || loaded.error ? (
        <Alert color="red" mt="md" role="alert">
          {error ?? loaded.error}
        </Alert>
      ) : null}
      {!data ? (
        <Text mt="md">{t('loading')}</Text>
      ) : (
        <>
          <Text mt="md" role="status" data-testid="catalogue-count">
            {t('found', { n: data.total })}
          </Text>
          {data.items.length === 0 ? (
            <Text mt="sm">{t('empty')}</Text>
          ) : (
            <ul className="catalogue-list" style={{ listStyle: 'none', padding: 0 }}>
              {data.items.map((item) => (
                <li key={item.id}>
                  <Paper withBorder p="sm" mt="sm">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
                        <Link to={itemPath(item)} aria-label={t('preview', { title: item.title })}>
                          <strong>{item.title}</strong>
                        </Link>
                        <Text size="sm">{item.summary}</Text>
                        <Group gap={6} mt={4} wrap="wrap">
                          <Badge variant="light">{typeName(item.type)}</Badge>
                          {item.subjectName ? (
                            <Badge variant="outline">{item.subjectName}</Badge>
                          ) : null}
                          {item.parallel ? (
                            <Badge variant="outline">{t('grade', { n: item.parallel })}</Badge>
                          ) : null}
                          {item.lang ? (
                            <Badge variant="outline">
                              {t(item.lang === 'kz' ? 'langKz' : 'langRu')}
                            </Badge>
                          ) : null}
                          {item.inUseUntil ? (
                            <Badge color="orange.9" variant="light">
                              {t('inUseBadge', { date: displayDateTime(item.inUseUntil) })}
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="xs" mt={4}>
                          {t('author', { name: item.authorName })}
                          {item.schoolName ? ` · ${item.schoolName}` : ''}
                        </Text>
                      </div>
                      {data.canCopy && !item.inUseUntil ? (
                        <Button variant="default" size="compact-sm" onClick={() => void copy(item)}>
                          {t('copy')}
                        </Button>
                      ) : null}
                    </Group>
                  </Paper>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav aria-label={t('pages')}>
              <Group gap={4} mt="md" wrap="wrap">
                {Array.from({ length: Math.min(pages, 10) }, (_, i) => i + 1).map((n) => (
                  <Button
                    key={n}
                    size="compact-sm"
                    variant={n === page ? 'filled' : 'default'}
                    aria-current={n === page ? 'page' : undefined}
                    onClick={() => setPage(n)}
                  >
                    {n}
                  </Button>
                ))}
              </Group>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
