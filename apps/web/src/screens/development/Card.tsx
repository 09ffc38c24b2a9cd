import { Anchor, NativeSelect, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ASSESSMENT_STAGES, type AssessmentStage, type DevelopmentCard } from '@sabaq/platform';
import { displayDate, path, urlLang } from '../shared/api';
import { ExportButtons } from './ExportButtons';
import { assess, useCard } from './api';
import { Notes } from './Notes';
import { roman, stageName } from './Parts';
import { developmentText, type DevelopmentTexts } from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';
import './development.css';

/**
 * A child's individual developmental card (individual-card/individual_card/children/{userId} for
 * the group's teacher, individual_card-director/children/{userId} read-only for management): per
 * educational area the skills of the child's age group at the three stages, the area's level and
 * the overall level per stage. The teacher sets a level with the keyboard or the mouse; each
 * choice is saved at once and the levels above it follow.
 */
export default function Card() {
  const t = developmentText();
  const { userId } = useParams();
  const loaded = useCard(Number(userId));
  const card = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="dev-h">
      <Title order={1} id="dev-h">
        {card ? card.child.name : t('cardsTitle')}
      </Title>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!card && !loaded.error && <p>{t('loading')}</p>}
      {card && <CardBody card={card} onCard={loaded.set} t={t} />}
    </section>
  );
}

function CardBody({
  card,
  onCard,
  t,
}: {
  card: DevelopmentCard;
  onCard: (card: DevelopmentCard) => void;
  t: DevelopmentTexts;
}) {
  const [status, setStatus] = useState('');
  const lang = urlLang();
  const director = window.location.pathname.includes('individual_card-director');
  const change = async (skillId: number, stage: AssessmentStage, value: string) => {
    setStatus('');
    const result = await assess(card.child.id, {
      skillId,
      stage,
      level: value === '' ? null : (Number(value) as 1 | 2 | 3),
    });
    if (result.ok) {
      onCard(result.card);
      setStatus(t('saved'));
    } else setStatus(t('saveFailed', { message: result.message }));
  };
  return (
    <>
      <dl className="dev-facts">
        <div>
          <dt>{t('group')}</dt>
          <dd>{card.group.name}</dd>
        </div>
        <div>
          <dt>{t('ageGroup')}</dt>
          <dd>{card.ageGroupTitle}</dd>
        </div>
        <div>
          <dt>{t('born')}</dt>
          <dd>{displayDate(card.child.born)}</dd>
        </div>
      </dl>
      <ExportButtons
        url={path('development.cardExport', { userId: card.child.id })}
        name={card.child.name}
        t={t}
      />
      {!card.canEdit && <p className="tch-muted">{t('readOnly')}</p>}
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder className="stat-table">
          <caption>{t('overall')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overall')}</Table.Th>
              {ASSESSMENT_STAGES.map((stage) => (
                <Table.Th key={stage}>{stageName(stage)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{card.child.name}</Table.Th>
              {ASSESSMENT_STAGES.map((stage) => (
                <Table.Td key={stage}>{roman(card.overall[stage], t)}</Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <p className="dev-status" role="status" aria-live="polite">
        {status}
      </p>
      {card.areas.map((area) => (
        <section key={area.area} className="stat-block" aria-labelledby={`area-${area.area}`}>
          <h2 id={`area-${area.area}`}>{area.title}</h2>
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder className="stat-table">
              <caption>{area.title}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('skill')}</Table.Th>
                  {ASSESSMENT_STAGES.map((stage) => (
                    <Table.Th key={stage}>{stageName(stage)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {area.skills.map((skill) => (
                  <Table.Tr key={skill.id}>
                    <Table.Th scope="row">{skill.title}</Table.Th>
                    {ASSESSMENT_STAGES.map((stage) => (
                      <Table.Td key={stage}>
                        {card.canEdit ? (
                          <NativeSelect
                            aria-label={t('levelFor', {
                              skill: skill.title,
                              stage: stageName(stage),
                            })}
                            value={skill.levels[stage] === null ? '' : String(skill.levels[stage])}
                            onChange={(event) =>
                              void change(skill.id, stage, event.currentTarget.value)
                            }
                            data={[
                              { value: '', label: '—' },
                              { value: '1', label: 'I' },
                              { value: '2', label: 'II' },
                              { value: '3', label: 'III' },
                            ]}
                          />
                        ) : (
                          roman(skill.levels[stage], t)
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">{t('areaLevel')}</Table.Th>
                  {ASSESSMENT_STAGES.map((stage) => (
                    <Table.Td key={stage} className="dev-area-level">
                      {roman(area.levels[stage], t)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Notes card={card} area={area} onCard={onCard} t={t} />
        </section>
      ))}
      <Anchor
        component={Link}
        to={
          director
            ? `/${lang}/individual_card-director/${card.group.id}`
            : `/${lang}/individual-card`
        }
      >
        {director ? t('backToGroup') : t('back')}
      </Anchor>
    </>
  );
}
