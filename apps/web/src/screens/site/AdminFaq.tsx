import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { FaqEdit } from '@sabaq/platform/site';
import { saveFaq, useFaqEdit } from './api';
import { SiteLoad } from './common';
import { BiRichInput, BiTextInput, emptyDoc, moved } from './fields';
import { SaveBar } from './SaveBar';
import { useSaveForm } from './useSaveForm';
import { siteText } from './texts';
import { useEdited } from './useEdited';

type Category = FaqEdit['categories'][number];

function Order({
  label,
  onMove,
  onRemove,
}: {
  label: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = siteText();
  return (
    <Group gap={4}>
      <ActionIcon
        variant="subtle"
        aria-label={`${t('moveUp')}: ${label}`}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`${t('moveDown')}: ${label}`}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${t('remove')}: ${label}`}
        onClick={onRemove}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

function FaqForm({ initial, onSaved }: { initial: FaqEdit; onSaved: (faq: FaqEdit) => void }) {
  const t = siteText();
  const { value, update, latest } = useEdited(initial);
  const { errors, state, save: run } = useSaveForm();
  const setCategory = (i: number, change: (c: Category) => Category) =>
    update((f) => ({ categories: f.categories.map((c, j) => (j === i ? change(c) : c)) }));

  const save = () =>
    run(
      () => saveFaq(latest()),
      (saved) => {
        // New rows now have ids: keep editing the saved FAQ, so a second save changes, not adds.
        update(() => saved);
        onSaved(saved);
      },
    );

  return (
    <>
      {value.categories.map((c, i) => {
        const name = t('category', { n: i + 1 });
        return (
          <section key={c.id ?? `new-${i}`} className="site-admin-block" aria-label={name}>
            <Group justify="space-between">
              <Title order={3} size="h4">
                {name}
              </Title>
              <Order
                label={name}
                onMove={(by) => update((f) => ({ categories: moved(f.categories, i, by) }))}
                onRemove={() =>
                  update((f) => ({ categories: f.categories.filter((_, j) => j !== i) }))
                }
              />
            </Group>
            <BiTextInput
              label="categoryTitle"
              value={c.title}
              path={`categories.${i}.title`}
              errors={errors}
              onChange={(title) => setCategory(i, (x) => ({ ...x, title }))}
            />
            {c.questions.map((q, k) => {
              const qName = `${name}, ${t('questionN', { n: k + 1 })}`;
              const at = `categories.${i}.questions.${k}`;
              const setQ = (change: (x: typeof q) => typeof q) =>
                setCategory(i, (x) => ({
                  ...x,
                  questions: x.questions.map((y, m) => (m === k ? change(y) : y)),
                }));
              return (
                <div
                  key={q.id ?? `new-${k}`}
                  className="site-admin-block"
                  aria-label={qName}
                  role="group"
                >
                  <Group justify="space-between">
                    <strong>{t('questionN', { n: k + 1 })}</strong>
                    <Order
                      label={qName}
                      onMove={(by) =>
                        setCategory(i, (x) => ({ ...x, questions: moved(x.questions, k, by) }))
                      }
                      onRemove={() =>
                        setCategory(i, (x) => ({
                          ...x,
                          questions: x.questions.filter((_, m) => m !== k),
                        }))
                      }
                    />
                  </Group>
                  <BiTextInput
                    label="question"
                    value={q.question}
                    path={`${at}.question`}
                    errors={errors}
                    onChange={(question) => setQ((x) => ({ ...x, question }))}
                  />
                  <BiRichInput
                    label="answer"
                    value={q.answer}
                    path={`${at}.answer`}
                    errors={errors}
                    onChange={(answer) => setQ((x) => ({ ...x, answer }))}
                  />
                </div>
              );
            })}
            <Button
              variant="light"
              onClick={() =>
                setCategory(i, (x) => ({
                  ...x,
                  questions: [
                    ...x.questions,
                    {
                      question: { kz: '', ru: '' },
                      answer: { kz: emptyDoc(), ru: emptyDoc() },
                    },
                  ],
                }))
              }
            >
              {t('addQuestion')}
            </Button>
          </section>
        );
      })}
      <Button
        variant="default"
        onClick={() =>
          update((f) => ({
            categories: [...f.categories, { title: { kz: '', ru: '' }, questions: [] }],
          }))
        }
      >
        {t('addCategory')}
      </Button>
      <SaveBar state={state} onSave={() => void save()} />
    </>
  );
}

/** The FAQ editor: categories and questions in both languages, saved in one step. */
export function AdminFaq() {
  const loaded = useFaqEdit();
  return (
    <SiteLoad loaded={loaded}>{(faq) => <FaqForm initial={faq} onSaved={loaded.set} />}</SiteLoad>
  );
}
