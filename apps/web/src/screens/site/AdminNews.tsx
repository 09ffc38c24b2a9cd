import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Table, Text, TextInput, Title } from '@mantine/core';
import type { ArticleAdmin, ArticleEdit } from '@sabaq/platform/site';
import { displayDate, failure } from '../shared/api';
import { createArticle, deleteArticle, updateArticle, useArticlesAdmin } from './api';
import { SiteLoad } from './common';
import { BiRichInput, BiTextInput, emptyDoc } from './fields';
import { SaveBar } from './SaveBar';
import { useSaveForm } from './useSaveForm';
import { siteText } from './texts';
import { useEdited } from './useEdited';
import { currentUiLang } from '../../app/services';

const blank = (): ArticleEdit => ({
  title: { kz: '', ru: '' },
  summary: { kz: '', ru: '' },
  body: { kz: emptyDoc(), ru: emptyDoc() },
  cover: null,
  published: false,
});

function ArticleForm({
  article,
  onDone,
}: {
  article: ArticleAdmin | null;
  onDone: (saved: ArticleAdmin | null) => void;
}) {
  const t = siteText();
  const { value, update, latest } = useEdited<ArticleEdit>(
    article
      ? {
          title: article.title,
          summary: article.summary,
          body: article.body,
          cover: article.cover,
          published: article.published,
        }
      : blank(),
  );
  const { errors, state, save: run } = useSaveForm();
  const save = () =>
    run(() => (article ? updateArticle(article.id, latest()) : createArticle(latest())), onDone);
  return (
    <section className="site-admin-block" aria-labelledby="article-form-h">
      <Title order={3} size="h4" id="article-form-h">
        {article ? t('editArticle') : t('newArticle')}
      </Title>
      <BiTextInput
        label="articleTitle"
        value={value.title}
        path="title"
        errors={errors}
        onChange={(title) => update((v) => ({ ...v, title }))}
      />
      <BiTextInput
        label="articleSummary"
        value={value.summary}
        path="summary"
        errors={errors}
        multiline
        onChange={(summary) => update((v) => ({ ...v, summary }))}
      />
      <TextInput
        label={t('cover')}
        description={t('coverHint')}
        value={value.cover ?? ''}
        error={errors.cover}
        onChange={(e) => {
          const cover = e.currentTarget.value.trim();
          update((v) => ({ ...v, cover: cover === '' ? null : cover }));
        }}
      />
      <BiRichInput
        label="articleBody"
        value={value.body}
        path="body"
        errors={errors}
        onChange={(body) => update((v) => ({ ...v, body }))}
      />
      <Checkbox
        mt="md"
        label={t('publish')}
        checked={value.published}
        onChange={(e) => {
          const published = e.currentTarget.checked;
          update((v) => ({ ...v, published }));
        }}
      />
      <Group>
        <SaveBar state={state} onSave={() => void save()} />
        <Button variant="default" mt="md" onClick={() => onDone(null)}>
          {t('cancel')}
        </Button>
      </Group>
    </section>
  );
}

/** News: every article (drafts too) with its state; write, correct, publish, delete. */
export function AdminNews() {
  const t = siteText();
  const lang = currentUiLang();
  const loaded = useArticlesAdmin();
  const [editing, setEditing] = useState<ArticleAdmin | 'new' | null>(null);
  const [removing, setRemoving] = useState<ArticleAdmin | null>(null);
  const [notice, setNotice] = useState('');

  const remove = async (a: ArticleAdmin) => {
    const r = await deleteArticle(a.id);
    setRemoving(null);
    setNotice(r.error ? failure(r) : t('deleted'));
    await loaded.reload();
  };

  return (
    <SiteLoad loaded={loaded}>
      {(articles) => (
        <>
          {editing ? (
            <ArticleForm
              key={editing === 'new' ? 'new' : editing.id}
              article={editing === 'new' ? null : editing}
              onDone={(saved) => {
                setEditing(null);
                if (saved) void loaded.reload();
              }}
            />
          ) : (
            <Button mb="md" onClick={() => setEditing('new')}>
              {t('newArticle')}
            </Button>
          )}
          <p role="status">{notice}</p>
          {articles.length === 0 ? (
            <p>{t('noArticles')}</p>
          ) : (
            <div className="site-admin-table">
              <Table striped>
                <Table.Caption>{t('articles')}</Table.Caption>
                <Table.Tbody>
                  {articles.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{a.title[lang]}</Table.Td>
                      <Table.Td>
                        {a.publishedAt ? (
                          <Text size="sm" fw={600}>
                            {t('publishedState', { date: displayDate(a.publishedAt) })}
                          </Text>
                        ) : (
                          <Text size="sm" fs="italic">
                            {t('draft')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end">
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`${t('edit')}: ${a.title[lang]}`}
                            onClick={() => setEditing(a)}
                          >
                            {t('edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.9"
                            aria-label={`${t('remove')}: ${a.title[lang]}`}
                            onClick={() => setRemoving(a)}
                          >
                            {t('remove')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
          <Modal
            opened={removing !== null}
            onClose={() => setRemoving(null)}
            title={removing ? t('deleteArticle', { title: removing.title[lang] }) : ''}
          >
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                {t('cancel')}
              </Button>
              <Button color="red" onClick={() => removing && void remove(removing)}>
                {t('confirmDelete')}
              </Button>
            </Group>
          </Modal>
        </>
      )}
    </SiteLoad>
  );
}
