/**
 * npm run images:backfill [-- --start-after <key>] [--prefix images/u/7/] [--quiet]
 *
 * Brings every image stored before images were made web-sized to the state of new ones:
 * metadata removed, upright, long edge capped, variants made — under the same keys, so
 * no URL changes (lib/domain/image-backfill.ts). Idempotent and resumable: run it again
 * to finish, or start after a key. Uses the configured bucket: by default that of `npm start`.
 */
import './local-env';
import { parseArgs } from 'node:util';

async function main() {
  const { values } = parseArgs({
    options: {
      'start-after': { type: 'string' },
      prefix: { type: 'string', default: 'images/' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const { backfillImages } = await import('../lib/domain/image-backfill');
  const report = await backfillImages({
    prefix: values.prefix,
    startAfter: values['start-after'],
    onImage: values.quiet
      ? undefined
      : (key, outcome, detail) => console.log(`  ${outcome.padEnd(8)} ${key}${detail ? ` (${detail})` : ''}`),
  });
  const kb = (n: number) => `${Math.round(n / 1024).toLocaleString('en')} KB`;
  console.log(
    `Scanned ${report.scanned} image(s): ${report.remade} made web-sized (${kb(report.bytesBefore)} → ${kb(report.bytesAfter)}), ` +
      `${report.variantsAdded} given their variants, ${report.done} already done, ${report.refused.length} refused (left as they are).`,
  );
  for (const r of report.refused) console.log(`  refused ${r.key}: ${r.reason}`);
}

main().catch((err) => {
  console.error(`Error: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
