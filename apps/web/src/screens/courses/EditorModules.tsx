import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { CourseDraft, UiLang } from '@sabaq/platform';
import { failure } from '../shared/api';
import { addModule, orderModules, removeModule } from './api';
import { ContentPicker } from './ContentPicker';
import type { EditorTexts } from './editor-texts';

/**
 * The modules of a course in order, each moved up or down or removed with its own buttons (the
 * keyboard keeps its place on the moved module), and new modules found in the catalogue.
 */
export function EditorModules({
  course,
  lang,
  onChange,
  t,
}: {
  course: CourseDraft;
  lang: UiLang;
  onChange: (course: CourseDraft) => void;
  t: EditorTexts;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    const button = document.getElementById(focus) as HTMLButtonElement | null;
    const other = focus.endsWith('-up')
      ? focus.replace(/-up$/, '-down')
      : focus.replace(/-down$/, '-up');
    const target = button && !button.disabled ? button : document.getElementById(other);
    target?.focus();
    setFocus(null);
  }, [focus, course]);

  const done = (result: Awaited<ReturnType<typeof orderModules>>, text: string) => {
    if (result.error) {
      setMessage('');
      setError(failure(result));
      return false;
    }
    setError('');
    setMessage(text);
    onChange(result.data.data);
    return true;
  };
  const move = async (index: number, by: -1 | 1) => {
    const ids = course.modules.map((m) => m.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    if (done(await orderModules(course.id, ids), t('moved')))
      setFocus(`module-${id}-${by < 0 ? 'up' : 'down'}`);
  };
  const remove = async (moduleId: number) =>
    done(await removeModule(course.id, moduleId), t('removedModule'));

  return (
    <section className="course-block" aria-labelledby="editor-modules-h">
      <h2 id="editor-modules-h">{t('modules')}</h2>
      <p>{t('modulesIntro')}</p>
      {course.modules.length === 0 && <p>{t('noModules')}</p>}
      <ol className="course-modules">
        {course.modules.map((module, index) => {
          const name = module.title[lang];
          return (
            <li key={module.id} className="course-module">
              <p className="tch-muted">{t('moduleN', { n: module.position })}</p>
              <h3>{name}</h3>
              <p>
                {module.item.title}
                {module.studied > 0 && (
                  <span className="tch-muted"> · {t('studiedBy', { n: module.studied })}</span>
                )}
              </p>
              <Group gap="xs">
                <ActionIcon
                  id={`module-${module.id}-up`}
                  variant="default"
                  aria-label={t('up', { name })}
                  disabled={index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  id={`module-${module.id}-down`}
                  variant="default"
                  aria-label={t('down', { name })}
                  disabled={index === course.modules.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red"
                  aria-label={t('remove', { name })}
                  onClick={() => void remove(module.id)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite">
        {message}
      </p>
      {error && <p role="alert">{error}</p>}
      <ContentPicker
        kinds={['lesson', 'lecture']}
        legend={t('addModule')}
        action={t('addThis')}
        onPick={async (item) => {
          done(await addModule(course.id, item.id), t('added', { name: item.title }));
        }}
        t={t}
      />
    </section>
  );
}
