/**
 * What a refund does to the period the purchase bought (pure, unit-tested): the period ends now
 * if it is running, at its own start if it has not started (it was bought on top of another, so
 * the user's time shrinks by the whole bought period), and stays as it was if it is already over.
 * `freedMs` is the time taken away: later periods bought on top move earlier by it.
 */
export function refundedPeriod(
  period: { startsAt: Date; endsAt: Date | null },
  now: Date,
): { endsAt: Date; freedMs: number } {
  const start = period.startsAt.getTime();
  const stop = Math.max(start, now.getTime());
  if (period.endsAt === null) return { endsAt: new Date(stop), freedMs: 0 };
  const end = period.endsAt.getTime();
  const newEnd = Math.min(end, stop);
  return { endsAt: new Date(newEnd), freedMs: end - newEnd };
}
