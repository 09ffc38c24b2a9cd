import { Button, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { displayDate, urlLang } from '../shared/api';
import { useCertificateCheck } from './api';
import { courseText } from './texts';
import '../shared/teaching.css';
import './courses.css';

/** certificate/{code}: the public check of a course certificate's code (issue 17). */
export default function CertificateCheck() {
  const t = courseText();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const loaded = useCertificateCheck(code);
  const [typed, setTyped] = useState('');
  const found = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="check-h">
      <Title order={1} id="check-h">
        {t('checkTitle')}
      </Title>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!found && !loaded.error && <p>{t('loading')}</p>}
      {found && (
        <div className="course-certificate">
          <h2>{t('checkValid')}</h2>
          <dl className="course-check">
            <dt>{t('checkHolder')}</dt>
            <dd>{found.holder}</dd>
            <dt>{t('checkCourse')}</dt>
            <dd>{found.course}</dd>
            <dt>{t('checkHours')}</dt>
            <dd>{found.hours}</dd>
            <dt>{t('checkDate')}</dt>
            <dd>{displayDate(found.issuedOn)}</dd>
            <dt>{t('checkCode')}</dt>
            <dd>{found.code}</dd>
          </dl>
        </div>
      )}
      <form
        className="course-block"
        onSubmit={(event) => {
          event.preventDefault();
          const next = typed.trim();
          if (next) navigate(`/${urlLang()}/certificate/${encodeURIComponent(next)}`);
        }}
      >
        <TextInput
          label={t('checkAnother')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button type="submit" mt="sm">
          {t('checkButton')}
        </Button>
      </form>
    </section>
  );
}
