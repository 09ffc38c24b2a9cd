import { Anchor, Badge, Button, NativeSelect, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ContestDetail } from '@sabaq/platform';
import { useAppState } from '../../session/store';
import { displayDate, urlLang } from '../shared/api';
import { enterContest, useContest, withdrawEntry } from './api';
import { JuryPanel } from './JuryPanel';
import {
  KIND_KEY,
  STAGE_COLOR,
  STAGE_KEY,
  TYPE_KEY,
  contestText,
  type ContestTexts,
} from './texts';
import '../shared/teaching.css';
import '../shared/figures.css';
import './contests.css';

/**
 * contest/{contestId}: a contest's rules, dates and criteria and its entries (with places once
 * the results are out); a teacher enters one of their published lessons while it is open; the
 * jury scores below.
 */
export default function Contest() {
  const t = contestText();
  const { contestId } = useParams();
  const loaded = useContest(Number(contestId));
  const contest = loaded.data;
  return (
    <section className="tch-page" aria-labelledby="contest-h">
      <Title order={1} id="contest-h">
        {contest?.title ?? t('listTitle')}
      </Title>
      {loaded.error && <p role="alert">{loaded.error}</p>}
      {!contest && !loaded.error && <p>{t('loading')}</p>}
      {contest && <ContestBody contest={contest} reload={loaded.reload} t={t} />}
      <Anchor component={Link} to={`/${urlLang()}/contest/list`}>
        {t('back')}
      </Anchor>
    </section>
  );
}

function ContestBody({
  contest,
  reload,
  t,
}: {
  contest: ContestDetail;
  reload: () => Promise<void>;
  t: ContestTexts;
}) {
  const signedIn = useAppState((state) => state.user !== null);
  return (
    <>
      <p>
        <Badge color={STAGE_COLOR[contest.stage]} variant="filled" size="lg">
          {t(STAGE_KEY[contest.stage])}
        </Badge>
      </p>
      <p>{contest.summary}</p>
      <p className="tch-muted">
        {t(TYPE_KEY[contest.type])} · {t(KIND_KEY[contest.lessonType])} ·{' '}
        {contest.language === 'kz'
          ? t('langKz')
          : contest.language === 'ru'
            ? t('langRu')
            : t('anyLanguage')}
        {contest.subject && ` · ${contest.subject.name}`}
      </p>
      <p>
        {t('dates', {
          from: displayDate(contest.startsOn),
          until: displayDate(contest.submitUntil),
        })}{' '}
        · {t('results', { date: displayDate(contest.resultsOn) })}
      </p>
      <section className="contest-block" aria-labelledby="rules-h">
        <h2 id="rules-h">{t('rules')}</h2>
        {contest.rules.map((rule, i) => (
          <p key={i}>{rule}</p>
        ))}
        <h3>{t('criteria')}</h3>
        <ul>
          {contest.criteria.map((c) => (
            <li key={c.id}>
              {c.name} — {t('points', { max: c.max })}
            </li>
          ))}
        </ul>
      </section>
      {contest.canEnter && <EnterForm contest={contest} reload={reload} t={t} />}
      {contest.stage === 'open' && !signedIn && <p>{t('loginToEnter')}</p>}
      <Entries contest={contest} reload={reload} t={t} />
      {contest.jury && <JuryPanel contestId={contest.id} onPublished={reload} t={t} />}
    </>
  );
}

function EnterForm({
  contest,
  reload,
  t,
}: {
  contest: ContestDetail;
  reload: () => Promise<void>;
  t: ContestTexts;
}) {
  const [draftId, setDraftId] = useState(contest.eligible[0]?.draftId ?? '');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async () => {
    setSending(true);
    const result = await enterContest(contest.id, draftId);
    setSending(false);
    if (result.ok) {
      setError(undefined);
      setMessage(result.data.message);
      await reload();
    } else {
      setMessage('');
      setError(result.errors.draftId?.[0] ?? result.message);
    }
  };
  return (
    <section className="contest-block" aria-labelledby="enter-h">
      <h2 id="enter-h">{t('enterTitle')}</h2>
      {contest.eligible.length === 0 ? (
        <p>{t('noEligible')}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <NativeSelect
            label={t('enterChoose')}
            value={draftId}
            error={error}
            onChange={(event) => setDraftId(event.currentTarget.value)}
            data={contest.eligible.map((item) => ({ value: item.draftId, label: item.title }))}
            w={{ base: '100%', sm: 480 }}
          />
          <Button type="submit" mt="sm" loading={sending}>
            {t('enter')}
          </Button>
        </form>
      )}
      <p role="status" aria-live="polite">
        {message}
      </p>
    </section>
  );
}

function Entries({
  contest,
  reload,
  t,
}: {
  contest: ContestDetail;
  reload: () => Promise<void>;
  t: ContestTexts;
}) {
  const signedIn = useAppState((state) => state.user !== null);
  const published = contest.resultsPublished;
  return (
    <section className="contest-block" aria-labelledby="entries-h">
      <h2 id="entries-h">{t('list')}</h2>
      {contest.list.length === 0 ? (
        <p>{t('noEntries')}</p>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder className="stat-table">
            <caption>{t('list')}</caption>
            <Table.Thead>
              <Table.Tr>
                {published && <Table.Th>{t('place')}</Table.Th>}
                <Table.Th>{t('work')}</Table.Th>
                <Table.Th>{t('author')}</Table.Th>
                <Table.Th>{t('school')}</Table.Th>
                {published ? (
                  <Table.Th>{t('score')}</Table.Th>
                ) : (
                  <Table.Th>{t('submitted')}</Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contest.list.map((entry) => (
                <Table.Tr key={entry.id}>
                  {published && <Table.Td>{entry.place ?? '—'}</Table.Td>}
                  <Table.Th scope="row">
                    {signedIn ? (
                      <Anchor
                        component={Link}
                        to={`/${urlLang()}/content/lessons/platform/${contest.lessonType}/${entry.draftId}`}
                      >
                        {entry.title}
                      </Anchor>
                    ) : (
                      entry.title
                    )}
                    {entry.mine && <span className="tch-muted"> ({t('mine')})</span>}
                    {entry.mine && contest.stage === 'open' && (
                      <Button
                        variant="light"
                        size="compact-sm"
                        ml="xs"
                        aria-label={t('withdrawName', { name: entry.title })}
                        onClick={() =>
                          void withdrawEntry(contest.id, entry.id).then(() => reload())
                        }
                      >
                        {t('withdraw')}
                      </Button>
                    )}
                  </Table.Th>
                  <Table.Td>{entry.author}</Table.Td>
                  <Table.Td>{entry.school || '—'}</Table.Td>
                  <Table.Td>
                    {published
                      ? entry.score === null
                        ? '—'
                        : String(entry.score).replace('.', ',')
                      : displayDate(entry.submittedAt)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
