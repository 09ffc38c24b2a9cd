import { useState } from 'react';
import { Group, Paper, Select, Text } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router-dom';
import { displayDate } from '../shared/api';
import { LoadState, PageHead } from './common';
import { QuarterSelect } from './Schedules';
import { SlotModal } from './SlotModal';
import type { SlotTarget } from './SlotModal';
import { TimetableCopy } from './TimetableCopy';
import { TimetableWeek } from './TimetableWeek';
import { useTimetableGroup } from './timetable-api';
import { timetableText } from './timetable-texts';
import { backofficeText } from './texts';
import './backoffice.css';
import './timetable.css';

/** backoffice/schedules/{groupId}: the class's week in a quarter, built lesson by lesson. */
export default function Schedule() {
  const t = timetableText();
  const groupId = Number(useParams().groupId);
  const [search, setSearch] = useSearchParams();
  const periodId = Number(search.get('periodId')) || null;
  const loaded = useTimetableGroup(groupId, periodId);
  const [target, setTarget] = useState<SlotTarget | null>(null);
  const [chosenShift, setChosenShift] = useState<1 | 2 | null>(null);
  return (
    <section className="bo-page" aria-labelledby="bo-tt-group-h">
      <LoadState loaded={loaded} t={backofficeText()}>
        {(data) => {
          // A class with lessons keeps their shift; an empty one takes the shift chosen here.
          const shift = (data.slots.length > 0 ? data.shift : (chosenShift ?? data.shift)) as 1 | 2;
          return (
            <div className="bo-stack">
              <PageHead id="bo-tt-group-h" title={t('groupTitle', { name: data.group.name })} />
              {data.canManage ? null : <Text className="bo-muted">{t('readOnly')}</Text>}
              <Group align="flex-end" wrap="wrap">
                <QuarterSelect
                  periods={data.periods}
                  value={data.periodId}
                  onChange={(id) => setSearch({ periodId: String(id) })}
                  t={t}
                />
                <Select
                  label={t('shift')}
                  data={[1, 2].map((n) => ({ value: String(n), label: t('shiftN', { n }) }))}
                  value={String(shift)}
                  onChange={(value) => value && setChosenShift(Number(value) as 1 | 2)}
                  disabled={!data.canManage || data.slots.length > 0}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: false }}
                />
              </Group>
              <Paper withBorder p="md">
                <TimetableWeek data={data} shift={shift} onOpen={setTarget} t={t} />
              </Paper>
              <Paper withBorder p="md" component="section" aria-labelledby="bo-tt-off-h">
                <h2 id="bo-tt-off-h" className="bo-subtitle">
                  {t('daysOff')}
                </h2>
                <Text size="sm" className="bo-muted" mb="sm">
                  {t('daysOffHint')}
                </Text>
                {data.daysOff.length === 0 ? (
                  <Text>{t('noDaysOff')}</Text>
                ) : (
                  <ul className="bo-list">
                    {data.daysOff.map((d) => (
                      <li key={d.date}>
                        {displayDate(d.date)} — {d.name}
                      </li>
                    ))}
                  </ul>
                )}
              </Paper>
              {data.canManage ? (
                <TimetableCopy
                  groupId={data.group.id}
                  periodId={data.periodId}
                  periods={data.periods}
                  onCopied={() => void loaded.reload()}
                  t={t}
                />
              ) : null}
              <SlotModal
                data={data}
                target={target}
                shift={shift}
                onClose={() => setTarget(null)}
                onSaved={() => {
                  setTarget(null);
                  void loaded.reload();
                }}
                t={t}
              />
            </div>
          );
        }}
      </LoadState>
    </section>
  );
}
