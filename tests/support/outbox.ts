import { drainOutbox, type DrainOptions, type DrainReport } from '../../lib/domain/notifications';

/** Drains the outbox until nothing is left (fast by default: the tests are not about the rate); the report of each call. */
export async function drainAll(opts: DrainOptions = {}): Promise<DrainReport[]> {
  const reports: DrainReport[] = [];
  for (let i = 0; i < 50; i++) {
    const r = await drainOutbox({ rate: 100, ...opts });
    reports.push(r);
    if (!r.more) return reports;
  }
  throw new Error('the outbox did not empty');
}
