import {
  ContestDetailResponseSchema,
  ContestEnterSchema,
  ContestEntriesQuerySchema,
  ContestEntriesResponseSchema,
  ContestEntryParamsSchema,
  ContestJuryResponseSchema,
  ContestListQuerySchema,
  ContestListResponseSchema,
  ContestParamsSchema,
  ContestScoreInputSchema,
  MessageResponseSchema,
  inGroup,
} from '@sabaq/platform';
import type { Locale } from '@sabaq/platform';
import type { App, AppContext, AuthContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolDate } from '../teaching/journal-access';
import { assertJudging, assertOpen, checkScore, fitsContest, stageOf } from './contest-access';
import { meanOf, presentCriteria, presentEntries, presentSummary } from './contest-present';
import {
  PAGE_SIZE,
  deleteEntry,
  insertEntry,
  listCatalogueEntries,
  listChoices,
  listContestTitles,
  listContests,
  listEntries,
  listJurorScores,
  listOwnPublished,
  loadContest,
  loadEntry,
  loadPublished,
  publishResults,
  saveScore,
} from './contest-queries';
import { ContestError } from './contest-texts';

/**
 * Contests (issue 17, spec §2 contest/list and contest/{contestId}, §3 filters): the public list
 * and page, a teacher's entry of their own published content while a contest is open, and the
 * jury's scores and the publication of the results once entries close.
 */
export function registerContestRoutes(
  app: App,
  ctx: AppContext,
  now: () => number = () => Date.now(),
): void {
  const { db } = ctx;
  const today = () => schoolDate(now());

  async function contestOf(id: number, locale: Locale) {
    const contest = await loadContest(db, id, locale);
    if (!contest) throw new ContestError(404, 'not_found');
    return contest;
  }

  defineRoute(app, ctx, 'contests.list', {
    querystring: ContestListQuerySchema,
    response: { 200: ContestListResponseSchema },
    handler: async (req) => {
      const [{ rows, total }, choices] = await Promise.all([
        listContests(db, req.query, req.locale),
        listChoices(db, req.locale),
      ]);
      return {
        data: {
          items: rows.map((row) => presentSummary(row, today())),
          total,
          page: req.query.page,
          pageSize: PAGE_SIZE,
          ...choices,
        },
      };
    },
  });

  defineRoute(app, ctx, 'contests.entries', {
    querystring: ContestEntriesQuerySchema,
    response: { 200: ContestEntriesResponseSchema },
    handler: async (req) => {
      requireAuth(req);
      const [{ rows, total }, contests] = await Promise.all([
        listCatalogueEntries(db, req.query, req.locale),
        listContestTitles(db, req.locale),
      ]);
      return {
        data: {
          items: rows.map((row) => ({
            entryId: row.id,
            draftId: row.draft_id,
            title: row.title,
            lessonType: row.lesson_type,
            author: row.author,
            school: row.school ?? '',
            contest: { id: row.contest_id, title: row.contest_title },
            stage: stageOf(row, today()),
            place: row.place,
          })),
          total,
          page: req.query.page,
          pageSize: PAGE_SIZE,
          contests,
        },
      };
    },
  });

  defineRoute(app, ctx, 'contests.show', {
    params: ContestParamsSchema,
    response: { 200: ContestDetailResponseSchema },
    handler: async (req) => {
      const auth: AuthContext | null = req.auth ?? null;
      const contest = await contestOf(req.params.contestId, req.locale);
      const stage = stageOf(contest, today());
      const entries = await listEntries(db, contest.id, req.locale);
      const teacher = auth !== null && inGroup(auth.role, 'employees');
      const eligible =
        teacher && stage === 'open'
          ? (await listOwnPublished(db, auth.userId, contest.id, contest.lesson_type)).filter(
              (item) => fitsContest(contest, item),
            )
          : [];
      return {
        data: {
          ...presentSummary(contest, today()),
          rules: contest.rules.map((rule) => rule[req.locale]),
          criteria: presentCriteria(contest, req.locale),
          list: presentEntries(entries, stage === 'finished', auth?.userId ?? null),
          resultsPublished: stage === 'finished',
          canEnter: teacher && stage === 'open',
          eligible: eligible.map((item) => ({ draftId: item.draft_id, title: item.title })),
          jury: auth?.role === 'methodist',
        },
      };
    },
  });

  defineRoute(app, ctx, 'contests.enter', {
    params: ContestParamsSchema,
    body: ContestEnterSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const contest = await contestOf(req.params.contestId, req.locale);
      assertOpen(stageOf(contest, today()));
      const item = await loadPublished(db, req.body.draftId);
      if (!item || item.owner_id !== auth.userId)
        throw new ContestError(422, 'draft_not_yours', 'draftId');
      if (!fitsContest(contest, item)) throw new ContestError(422, 'draft_unfit', 'draftId');
      const created = await insertEntry(db, {
        contestId: contest.id,
        item,
        teacherId: auth.userId,
        schoolId: auth.schoolId,
      });
      if (!created) throw new ContestError(409, 'already_entered', 'draftId');
      return { message: entered[req.locale] };
    },
  });

  defineRoute(app, ctx, 'contests.withdraw', {
    params: ContestEntryParamsSchema,
    response: { 200: MessageResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const contest = await contestOf(req.params.contestId, req.locale);
      const entry = await loadEntry(db, contest.id, req.params.entryId);
      if (!entry || entry.teacher_id !== auth.userId)
        throw new ContestError(404, 'entry_not_found');
      assertOpen(stageOf(contest, today()));
      await deleteEntry(db, entry.id);
      return { message: withdrawn[req.locale] };
    },
  });

  async function juryView(contestId: number, jurorId: number, locale: Locale) {
    const contest = await contestOf(contestId, locale);
    const [entries, mine] = await Promise.all([
      listEntries(db, contest.id, locale),
      listJurorScores(db, contest.id, jurorId),
    ]);
    const byEntry = new Map(mine.map((score) => [score.entry_id, score]));
    const stage = stageOf(contest, today());
    return {
      stage,
      criteria: presentCriteria(contest, locale),
      entries: entries.map((entry) => {
        const score = byEntry.get(entry.id);
        return {
          id: entry.id,
          draftId: entry.draft_id,
          title: entry.title,
          author: entry.author,
          school: entry.school ?? '',
          mine: score
            ? {
                criteria: Object.entries(score.points).map(([id, points]) => ({ id, points })),
                comment: score.comment,
                total: Number(score.total),
              }
            : null,
          jurors: entry.jurors,
          mean: meanOf(entry),
        };
      }),
      canPublish: stage === 'judging' && entries.length > 0 && entries.every((e) => e.jurors > 0),
    };
  }

  defineRoute(app, ctx, 'contests.jury', {
    params: ContestParamsSchema,
    response: { 200: ContestJuryResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      return { data: await juryView(req.params.contestId, auth.userId, req.locale) };
    },
  });

  defineRoute(app, ctx, 'contests.score', {
    params: ContestEntryParamsSchema,
    body: ContestScoreInputSchema,
    response: { 200: ContestJuryResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const contest = await contestOf(req.params.contestId, req.locale);
      const entry = await loadEntry(db, contest.id, req.params.entryId);
      if (!entry) throw new ContestError(404, 'entry_not_found');
      assertJudging(stageOf(contest, today()));
      const { points, total } = checkScore(contest.criteria, req.body);
      await saveScore(db, {
        entryId: entry.id,
        jurorId: auth.userId,
        points,
        total,
        comment: req.body.comment,
      });
      return { data: await juryView(contest.id, auth.userId, req.locale) };
    },
  });

  defineRoute(app, ctx, 'contests.publish', {
    params: ContestParamsSchema,
    response: { 200: ContestJuryResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const contest = await contestOf(req.params.contestId, req.locale);
      assertJudging(stageOf(contest, today()));
      const entries = await listEntries(db, contest.id, req.locale);
      const unscored = entries.filter((entry) => entry.jurors === 0).length;
      if (unscored > 0 || entries.length === 0)
        throw new ContestError(409, 'unscored', undefined, { count: unscored });
      if (!(await publishResults(db, contest.id))) throw new ContestError(409, 'already_published');
      return { data: await juryView(contest.id, auth.userId, req.locale) };
    },
  });
}

const entered = { kz: 'Жұмыс байқауға қабылданды', ru: 'Работа принята на конкурс' };
const withdrawn = { kz: 'Жұмыс байқаудан алынды', ru: 'Работа снята с конкурса' };
