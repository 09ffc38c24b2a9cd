import { useState } from 'react';
import type { HomeworkListResponse } from '@sabaq/platform';
import { path, urlLang, useLoad } from '../schedule/api';
import { teachingText } from '../schedule/texts';
import { Rows } from './shared';
import '../schedule/teaching.css';

/** homework/control/list: the teacher's homework; 'checked' defaults on when nothing waits (spec §4). */
export default function ControlList() {
  const t = teachingText();
  const lang = urlLang();
  const [checked, setChecked] = useState<boolean | undefined>(undefined);
  const list = useLoad<HomeworkListResponse['data']>(path('homework.controlList'), {
    checked: checked === undefined ? undefined : String(checked),
  });
  const d = list.data;
  return (
    <section className="tch-page" aria-labelledby="hw-h">
      <h1 id="hw-h">{t('homework')}</h1>
      {list.error && <p role="alert">{list.error}</p>}
      {d && (
        <>
          <div className="tch-bar">
            <label>
              <input
                type="checkbox"
                checked={d.checked}
                onChange={(e) => setChecked(e.target.checked)}
              />{' '}
              {t('checkedFilter')}
            </label>
            <span className="tch-muted">{t('toCheck', { n: d.uncheckedSent })}</span>
          </div>
          <Rows rows={d.rows} staff link={(i) => `/${lang}/homework/control/${i.id}`} />
        </>
      )}
      {!d && !list.error && <p>{t('loading')}</p>}
    </section>
  );
}
