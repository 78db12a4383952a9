/**
 * npm run images:sweep [-- --grace-hours N]
 *
 * Deletes image objects that no description lists and that nothing claimed or released
 * for N hours (default 24; see lib/domain/image-sweep.ts). Uses
 * the configured table and bucket: by default those of `npm start`.
 */
import './local-env';
import { parseArgs } from 'node:util';

async function main() {
  const { values } = parseArgs({ options: { 'grace-hours': { type: 'string', default: '24' } } });
  const hours = Number(values['grace-hours']);
  if (!Number.isFinite(hours) || hours < 0) throw new Error('--grace-hours must be a number ≥ 0');
  const { sweepOrphanImages } = await import('../lib/domain/image-sweep');
  const { finishPendingDeletions } = await import('../lib/domain/villages');
  for (const kd of await finishPendingDeletions()) console.log(`  completed the interrupted deletion of village ${kd}`);
  const result = await sweepOrphanImages({ graceMs: hours * 3_600_000 });
  console.log(`Scanned ${result.scanned} objects, deleted ${result.deleted.length} orphan(s).`);
  for (const k of result.deleted) console.log(`  deleted ${k}`);
  for (const k of result.strayVariants) console.log(`  deleted ${k} (its image is gone)`);
}

main().catch((err) => {
  console.error(`Error: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
