import type { Db } from '../db/db';
import { newCertificateCode } from './certificate-pdf';
import { insertAttempt, issueCertificate } from './course-queries';
import type { AttemptRow } from './course-queries';
import type { StoredReview } from './course-review';

/**
 * One answered final test: the attempt, and on a pass the learner's certificate (issued once;
 * a later pass keeps the first code), in one transaction.
 */
export function recordAttempt(
  db: Db,
  input: {
    courseId: number;
    userId: number;
    correct: number;
    total: number;
    percent: number;
    passMark: number;
    /** Which test was answered ('questions', or the builder test's `draftId@version`). */
    testKey: string;
    /** What was answered and how each question went, to show again. */
    review: StoredReview;
  },
): Promise<AttemptRow> {
  const passed = input.total > 0 && input.percent >= input.passMark;
  return db.transaction(async (tx) => {
    const attempt = await insertAttempt(tx, { ...input, passed });
    if (passed)
      await issueCertificate(tx, {
        code: newCertificateCode(),
        courseId: input.courseId,
        userId: input.userId,
        percent: input.percent,
      });
    return attempt;
  });
}
