import { Anchor, Badge, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CourseKind } from '@sabaq/platform';
import { urlLang } from '../shared/api';
import { useCourses } from './api';
import { courseText } from './texts';
import '../shared/teaching.css';
import './courses.css';

/** Where a course opens: control/courses/list/{id} or correction_work/{id}. */
export function coursePath(kind: CourseKind, id: number): string {
  return kind === 'teacher'
    ? `/${urlLang()}/control/courses/list/${id}`
    : `/${urlLang()}/correction_work/${id}`;
}

/** The published courses of a kind as cards, with the caller's progress. */
export function CourseCards({ kind, children }: { kind: CourseKind; children?: ReactNode }) {
  const t = courseText();
  const loaded = useCourses(kind);
  const title = kind === 'teacher' ? t('listTitle') : t('correctionTitle');
  const list = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="courses-h">
      <Title order={1} id="courses-h">
        {title}
      </Title>
      {kind === 'correction' && <p>{t('correctionIntro')}</p>}
      {kind === 'teacher' && list && !list.canEnrol && <p>{t('onlyStaff')}</p>}
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!list && !loaded.error && <p>{t('loading')}</p>}
      {list && list.items.length === 0 && <p>{t('none')}</p>}
      {list && list.items.length > 0 && (
        <ul className="course-cards">
          {list.items.map((course) => (
            <li key={course.id} className="course-card">
              <h2 className="course-card-title">
                <Anchor
                  component={Link}
                  to={coursePath(kind, course.id)}
                  aria-label={t('open', { name: course.title })}
                >
                  {course.title}
                </Anchor>
              </h2>
              <p>{course.description}</p>
              <p className="tch-muted">
                {t('hours', { hours: course.hours })} ·{' '}
                {t('progress', { done: course.done, total: course.modules })}
              </p>
              {(course.enrolled || course.certificate) && (
                <p>
                  {course.certificate ? (
                    <Badge color="teal.9" variant="filled">
                      {t('certified')}
                    </Badge>
                  ) : (
                    <Badge color="indigo.9" variant="filled">
                      {t('enrolled')}
                    </Badge>
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
