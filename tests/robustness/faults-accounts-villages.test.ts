/** Injected faults (see tests/support/fault-suite.ts): accounts, villages, scores, statuses, uploads. */
import { faultSuite, OPERATIONS } from '../support/fault-suite';

faultSuite(
  'accounts-villages',
  OPERATIONS.filter((o) =>
    [
      'register',
      'password reset request (mail)',
      'password reset',
      'create village',
      'PUT village with a new slug',
      'POST score',
      'POST status',
      'upload image',
    ].includes(o.name),
  ),
);
