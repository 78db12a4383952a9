/**
 * npm run stats:rebuild
 *
 * Brings a table written before the statistics existed to the state every write now
 * keeps (lib/db/stats-rebuild.ts): village tallies, categories and filtered-list index
 * keys, then the region and account counters, recounted; and the comparison counters of
 * evaluation rounds opened before they existed (lib/db/evaluation-rebuild.ts). Idempotent; run
 * it again if it reports villages or rounds that changed meanwhile. Uses the configured table: by default that of
 * `npm start` (for a deployed stage, set STAGE, TABLE_NAME and AWS credentials).
 */
import './local-env';

async function main() {
  const { rebuildStatistics } = await import('../lib/db/stats-rebuild');
  const report = await rebuildStatistics((line) => console.log(line));
  for (const kd of report.villagesChanged) console.log(`  changed meanwhile (run again): ${kd}`);
  const { rebuildRoundComparisons } = await import('../lib/db/evaluation-rebuild');
  const rounds = await rebuildRoundComparisons((line) => console.log(line));
  for (const id of rounds.changed) console.log(`  changed meanwhile (run again): ${id}`);
}

main().catch((err) => {
  console.error(`Error: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
