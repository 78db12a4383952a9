/** Injected faults (see tests/support/fault-suite.ts): village descriptions and the village cascade. */
import { faultSuite, OPERATIONS } from '../support/fault-suite';

faultSuite(
  'village-cascade',
  OPERATIONS.filter((o) =>
    [
      'POST village description with gallery',
      'gallery replacement (PUT village description)',
      'DELETE village description',
      'delete village with descriptions, images, statuses, score',
      'delete village with 101 statuses (ordered batches)',
    ].includes(o.name),
  ),
);
