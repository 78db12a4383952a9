/**
 * npm run seed [-- --password P]
 *
 * Fills the running local stack (`npm start`) with demo data: see scripts/seed-data.ts.
 * Idempotent. Uses TABLE_NAME, DYNAMODB_ENDPOINT, BUCKET_NAME and S3_ENDPOINT from the
 * environment, by default those of `npm start`, on the ports it reads (DYNAMODB_PORT, S3_PORT,
 * HTTP_PORT: scripts/local-env.ts). Only the local and test stages are allowed (the demo
 * logins share a known password).
 */
import './local-env';
import { parseArgs } from 'node:util';

async function main() {
  const { values } = parseArgs({ options: { password: { type: 'string' }, quiet: { type: 'boolean', default: false } } });
  if (values.password !== undefined && values.password.length < 8) throw new Error('--password needs at least 8 characters');
  const { seedDemoData } = await import('./seed-data');
  const { config } = await import('../lib/platform/config');
  const started = Date.now();
  const summary = await seedDemoData({ password: values.password, log: values.quiet ? undefined : (line) => console.log(`  + ${line}`) });
  const c = summary.created;
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  console.log(
    total === 0
      ? `Demo data already complete in table ${process.env.TABLE_NAME} (nothing to add).`
      : `Added ${c.users} users, ${c.villages} villages, ${c.tourismDescriptions} tourism and ${c.villageDescriptions} village descriptions, ` +
          `${c.scores} scores, ${c.requests} requests, ${c.statuses} statuses, ${c.images} images, ` +
          `${c.evaluations} evaluation rounds (${c.assessments} assessment steps), ${c.reports} monthly reports (${c.verifications} verified) ` +
          `in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  // the codes the routes take (kd_desa) beside the slugs the pages use
  console.log(`\n${summary.villages.length} villages (kd_desa, slug):`);
  for (const v of summary.villages) console.log(`  ${v.kd_desa}  ${v.slug}`);
  const web = config().webBaseUrl;
  console.log(`\nEvaluation rounds (id_evaluasi, nama, status, page; GET /api/evaluasi/{id_evaluasi}/desa):`);
  for (const r of summary.evaluations)
    console.log(`  ${r.id_evaluasi}  ${r.nama.padEnd(28)} ${r.status.padEnd(18)} ${web}/evaluasi/${r.id_evaluasi}`);
  console.log('');
  console.log('Logins (POST /auth/login):');
  for (const l of summary.logins) console.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(30)} ${l.password}`);
  console.log(`\nOther village managers (pengelola, same password):`);
  for (const m of summary.managers)
    console.log(`  ${m.email.padEnd(42)} ${m.village}${m.verified ? '' : '  (not verified yet: try PUT /auth/verify/{email} as admin)'}`);
  console.log(`\nPages: ${web}/evaluasi | ${web}/statistik | ${web}/akun | ${web}/pemantauan`);
  console.log(`API docs: http://127.0.0.1:${process.env.HTTP_PORT ?? '3000'}/docs`);
}

main().catch((err) => {
  const e = err as Error & { code?: string };
  console.error(`Error: ${e.message}`);
  if (e.name === 'ResourceNotFoundException') console.error(`Is the table ${process.env.TABLE_NAME} there? Run \`npm start\` first.`);
  if (e.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(String(e.message)))
    console.error('Nothing answers at the local endpoints: run `npm start` first.');
  process.exit(1);
});
