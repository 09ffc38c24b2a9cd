import { Anchor, Button, Group, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CourseDraft } from '@sabaq/platform';
import { currentUiLang } from '../../app/services';
import { failure } from '../shared/api';
import { useConfirm } from '../shared/use-confirm';
import { publishCourse, removeCourse, updateCourse, useAuthoring, useCourseDraft } from './api';
import { CourseForm, inputOf } from './CourseForm';
import { EditorModules } from './EditorModules';
import { EditorTest } from './EditorTest';
import { editorText, type EditorTexts } from './editor-texts';
import { coursesPath, learnerPath } from './paths';
import '../shared/teaching.css';
import './courses.css';

/**
 * control/courses/list/{courseId}/edit: the methodist writes a professional-development course —
 * its fields in kz and ru, modules from the catalogue in order, the final test, publication.
 * Someone else's draft is not found; their published course cannot be changed (the server says).
 */
export default function CourseEditor() {
  const t = editorText();
  const lang = currentUiLang();
  const courseId = Number(useParams().courseId);
  const loaded = useCourseDraft(courseId);
  const subjects = useAuthoring(true).data?.subjects ?? [];
  const course = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="editor-h">
      <Title order={1} id="editor-h">
        {course ? course.title[lang] : t('loading')}
      </Title>
      <Anchor component={Link} to={coursesPath()}>
        {t('back')}
      </Anchor>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {course && (
        <>
          <CourseForm
            initial={inputOf(course)}
            subjects={subjects}
            submitLabel={t('save')}
            onSubmit={(input) => updateCourse(course.id, input)}
            onDone={loaded.set}
            t={t}
          />
          <EditorModules course={course} lang={lang} onChange={loaded.set} t={t} />
          <EditorTest course={course} onChange={loaded.set} t={t} />
          <Publication course={course} onChange={loaded.set} t={t} />
        </>
      )}
    </section>
  );
}

function Publication({
  course,
  onChange,
  t,
}: {
  course: CourseDraft;
  onChange: (course: CourseDraft) => void;
  t: EditorTexts;
}) {
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const problems = Object.values(course.problems).flat();
  const [ask, confirmModal] = useConfirm();
  const toggle = async () => {
    const published = !course.published;
    // Spec §4: publishing asks for the copyright tick box first; taking it back needs no question.
    if (
      published &&
      !(await ask({
        title: t('publish'),
        message: t('publishConfirm'),
        action: t('publish'),
        copyright: true,
      }))
    )
      return;
    const result = await publishCourse(course.id, published);
    if (result.error) {
      setMessage('');
      const listed = result.data?.errors ? Object.values(result.data.errors).flat() : [];
      setErrors([result.data?.message ?? failure(result), ...listed]);
      return;
    }
    setErrors([]);
    setMessage(published ? t('publishedNow') : t('unpublishedNow'));
    onChange(result.data.data);
  };
  const remove = async () => {
    const ok = await ask({
      title: t('removeCourse'),
      message: t('confirmRemove', { name: course.title[currentUiLang()] }),
      action: t('removeCourse'),
      danger: true,
    });
    if (!ok) return;
    const result = await removeCourse(course.id);
    if (result.error) return setErrors([failure(result)]);
    navigate(coursesPath());
  };
  return (
    <section className="course-block" aria-labelledby="editor-publication-h">
      <h2 id="editor-publication-h">{t('publication')}</h2>
      <p>{course.published ? t('publishedNote') : t('draftNote')}</p>
      {!course.published && problems.length > 0 && (
        <>
          <p>{t('problems')}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      )}
      <Group>
        <Button onClick={() => void toggle()} variant={course.published ? 'default' : 'filled'}>
          {course.published ? t('unpublish') : t('publish')}
        </Button>
        {course.canRemove ? (
          <Button color="red.9" variant="outline" onClick={() => void remove()}>
            {t('removeCourse')}
          </Button>
        ) : null}
        {course.published && (
          <Anchor component={Link} to={learnerPath(course.id)}>
            {t('openLearner')}
          </Anchor>
        )}
      </Group>
      {!course.canRemove && <p className="tch-muted">{t('learnersKeep')}</p>}
      <p role="status" aria-live="polite">
        {message}
      </p>
      {errors.length > 0 && (
        <div role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      {confirmModal}
    </section>
  );
}
