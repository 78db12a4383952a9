/**
 * npm run reliability: the robustness figures of the last `npm test`, from the files the
 * tests write to .local/reliability/ (fuzzing, access matrix, injected faults).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(__dirname, '..', '.local', 'reliability');
if (!existsSync(dir)) {
  console.error('No figures yet: run `npm test` first.');
  process.exit(1);
}
const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

const fuzz = files.filter((f) => f.startsWith('fuzz-')).map(read);
const routes = fuzz.reduce((n, f) => n + Object.keys(f.routes ?? {}).length, 0);
const sum = (key: string) => fuzz.reduce((n, f) => n + Number(f.totals?.[key] ?? 0), 0);
const matrix = files.includes('matrix.json') ? read('matrix.json') : undefined;
const faults = files.filter((f) => f.startsWith('faults-')).map(read);
const operations = faults.reduce((n, f) => n + Object.keys(f.operations ?? {}).length, 0);
const injected = faults.reduce((n, f) => n + Number(f.faultsInjected ?? 0), 0);
const answered500 = faults.reduce(
  (n, f) => n + Object.values(f.operations as Record<string, { answered500: number }>).reduce((m, o) => m + o.answered500, 0),
  0,
);
const committed = faults.reduce(
  (n, f) =>
    n + Object.values(f.operations as Record<string, { committedDespiteFault: number }>).reduce((m, o) => m + o.committedDespiteFault, 0),
  0,
);
const orphans = faults.reduce((n, f) => n + Number(f.orphansLeftAfterSweep ?? 0), 0);

const hardening = files.includes('hardening.json') ? read('hardening.json') : undefined;

const rows: [string, string | number][] = [
  ['fuzzing: routes', routes],
  ['fuzzing: cases per route', [...new Set(fuzz.map((f) => f.runsPerRoute))].join(', ')],
  ['fuzzing: cases in all', sum('cases')],
  ['fuzzing: responses ≥ 500', sum('responses5xx')],
  ['fuzzing: refused writes checked for unchanged data', sum('refusedWritesChecked')],
  ['fuzzing: refused writes that changed data', sum('refusedWritesChangedState')],
  ['access matrix: cells checked', matrix?.cellsChecked ?? '—'],
  ['access matrix: responses ≥ 500', matrix?.responses5xx ?? '—'],
  ['faults: operations', operations],
  ['faults: injected', injected],
  ['faults: answered 500 with nothing half-written or lost', answered500],
  ['faults: hit clean-up after commit (change stands, sweep removes leftovers)', committed],
  ['faults: objects orphaned after the sweep', orphans],
  [
    'hardening: findings of the outside test with a passing regression test',
    hardening ? `${hardening.passed.length} of ${hardening.declared}` : '—',
  ],
  [
    'hardening: stalled DynamoDB answered with / new objects left behind',
    hardening ? `${hardening.stall.status} / ${hardening.stall.objectsLeft}` : '—',
  ],
];
for (const [k, v] of rows) console.log(`${k.padEnd(78)} ${v}`);
