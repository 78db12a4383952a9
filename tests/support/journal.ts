import { SYSTEM } from '../../lib/db/history';
import { newRequest, requests, type RequestStatus } from '../../lib/db/requests';
import { inUnitOfWork } from '../../lib/db/unit-of-work';
import { getVillage } from '../../lib/db/villages';

/** Files a request for a village straight through the unit of work (no ownership check), as `system`. */
export const recordRequest = (input: { kd_desa: string; email: string; status_permintaan: RequestStatus }) =>
  inUnitOfWork(SYSTEM, async (uow) => {
    const request = newRequest(input);
    uow.create(requests, request, { village: (await getVillage(input.kd_desa, true))! });
    return request;
  });
