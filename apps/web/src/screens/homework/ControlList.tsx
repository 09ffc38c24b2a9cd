import { Group, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { HomeworkListResponse } from '@sabaq/platform';
import { path, urlLang, useLoad } from '../shared/api';
import { teachingText } from '../shared/teaching-texts';
import { Rows } from './shared';
import '../shared/teaching.css';

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
      <Title order={1} id="hw-h">
        {t('homework')}
      </Title>
      {list.error && <p role="alert">{list.error}</p>}
      {d && (
        <>
          <Group gap="md" wrap="wrap">
            <Switch
              size="md"
              checked={d.checked}
              onChange={(e) => setChecked(e.currentTarget.checked)}
              label={t('checkedFilter')}
            />
            <Text c="var(--sabaq-muted)" size="sm">
              {t('toCheck', { n: d.uncheckedSent })}
            </Text>
          </Group>
          <Rows rows={d.rows} staff link={(i) => `/${lang}/homework/control/${i.id}`} />
        </>
      )}
      {!d && !list.error && <p>{t('loading')}</p>}
    </section>
  );
}
