import { journal, SYSTEM } from '../../lib/db/history';
import { newRequest, requests, type RequestStatus } from '../../lib/db/requests';
import { inUnitOfWork } from '../../lib/db/unit-of-work';
import { getVillage } from '../../lib/db/villages';

/**
 * The history journal of a write a test makes straight through lib/db (every write there
 * takes one): recorded as made by `system`, action `test.<what>`.
 */
export const testJournal = <R extends object>(what = 'write') => journal<R>(SYSTEM, `test.${what}`, { record: 'test' });

/** Files a request for a village straight through the unit of work (no ownership check), as `system`. */
export const recordRequest = (input: { kd_desa: string; email: string; status_permintaan: RequestStatus }) =>
  inUnitOfWork(SYSTEM, async (uow) => {
    const request = newRequest(input);
    uow.create(requests, request, { village: (await getVillage(input.kd_desa, true))! });
    return request;
  });
