/** Injected faults (see tests/support/fault-suite.ts): tourism descriptions. */
import { faultSuite, OPERATIONS } from '../support/fault-suite';

faultSuite(
  'tourism',
  OPERATIONS.filter((o) =>
    [
      'POST tourism description with images and a claimed upload',
      'PUT tourism description (drops one image, adds one)',
      'PATCH append with images',
      'remove-item',
      'DELETE tourism description',
    ].includes(o.name),
  ),
);
