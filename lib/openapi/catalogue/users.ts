/** The catalogue of functions/users. */
import * as z from 'zod';
import { MSG } from '../../contract/messages';
import { listUsersQuery } from '../../domain/users';
import * as R from '../responses';
import { area, e, okData, type AreaDocs, trips } from './shared';

const entry = area('Pengguna');

export const USER_DOCS = {
  'GET /api/users': entry('The user list', {
    facts: trips(2, 'list versions, then users ∥ villages'),
    description:
      'With `includeDesa=true` there is one row per (user, village) pair; users without a village are left out. Open for now, as the contract says ("temporarily open").',
    query: listUsersQuery,
    success: okData(z.array(R.UserListItem)),
    errors: [e(400, MSG.includeDesaInvalid, 'includeDesa is not true/false/1/0')],
  }),
} satisfies AreaDocs;
