import { journal, SYSTEM } from '../../lib/db/history';

/**
 * The history journal of a write a test makes straight through lib/db (every write there
 * takes one): recorded as made by `system`, action `test.<what>`.
 */
export const testJournal = <R extends object>(what = 'write') => journal<R>(SYSTEM, `test.${what}`, { record: 'test' });
