import { Anchor, Checkbox } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourseDetail } from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { markModule } from './api';
import { modulePath } from './paths';
import type { CourseTexts } from './texts';

/**
 * A course's modules in order. On a professional-development course the learner studies each on
 * its own page (its content opened and its checks passed make it done: issue 28) and sees where
 * each stands; on a correction course each opens its catalogue item and carries a "studied" mark
 * saved at once.
 */
export function ModuleList({
  course,
  reload,
  t,
}: {
  course: CourseDetail;
  reload: () => Promise<void>;
  t: CourseTexts;
}) {
  // A professional-development course's modules are done by their work, not by a mark.
  const byWork = course.kind === 'teacher' && course.canStudy;
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  // The mark shows at once; a refused save puts it back.
  const [marks, setMarks] = useState<Record<number, boolean>>({});
  const toggle = async (moduleId: number, done: boolean) => {
    setMarks((current) => ({ ...current, [moduleId]: done }));
    const result = await markModule(course.id, moduleId, done);
    if (result.ok) {
      setError('');
      setMessage(result.data.message);
      await reload();
    } else {
      setMarks((current) => ({ ...current, [moduleId]: !done }));
      setError(result.message);
    }
  };
  return (
    <section className="course-block" aria-labelledby="modules-h">
      <h2 id="modules-h">{t('modules')}</h2>
      <p>{t('progress', { done: course.done, total: course.modules })}</p>
      {byWork && <p className="tch-muted">{t('workRule', { mark: course.passMark })}</p>}
      {byWork && course.minMinutes > 0 && (
        <p className="tch-muted">{t('minTimeRule', { minutes: course.minMinutes })}</p>
      )}
      <ol className="course-modules">
        {course.list.map((module) => (
          <li key={module.id} className="course-module">
            <p className="tch-muted">{t('moduleN', { n: module.position })}</p>
            <h3>{module.title}</h3>
            {byWork ? (
              <p>
                <Anchor
                  component={Link}
                  to={modulePath(course.id, module.id)}
                  aria-label={t('moduleOpen', { name: module.item.title })}
                >
                  {module.item.title}
                </Anchor>{' '}
                <span className="tch-muted" data-testid={`module-state-${module.id}`}>
                  ({t(module.done ? 'moduleDone' : module.opened ? 'moduleOpened' : 'moduleNew')})
                </span>
              </p>
            ) : (
              <p>
                <Anchor
                  component={Link}
                  to={`/${urlLang()}/content/lessons/platform/${module.item.type}/${module.item.draftId}`}
                  aria-label={t('study', { name: module.item.title })}
                >
                  {module.item.title}
                </Anchor>
              </p>
            )}
            {course.canStudy && !byWork ? (
              <Checkbox
                label={t('markDone', { name: module.title })}
                checked={marks[module.id] ?? module.done}
                onChange={(event) => void toggle(module.id, event.currentTarget.checked)}
              />
            ) : null}
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite">
        {message}
      </p>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
