/**
 * `npm run stats:rebuild` (lib/db/stats-rebuild.ts): a table written before the
 * statistics (no counters, no village tallies, no filtered-list keys) is brought to the
 * state the writes keep; a second run changes nothing.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as createScore } from '../../functions/scores/create';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as villageList } from '../../functions/villages/list';
import { db, tableName } from '../../lib/db/client';
import { rebuildStatistics } from '../../lib/db/stats-rebuild';
import { sameScores } from '../robustness/support/fixture';
import { invoke } from '../support/api';
import { counters, expectCountersMatchRecount } from '../support/statistics';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

describe('stats:rebuild', () => {
  it('recounts a table written before the statistics, and a second run changes nothing', { timeout: 60_000 }, async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const prov = `Provinsi Lama ${Date.now()}`;
    const a = await makeVillage(owner, { provinsi: prov, kabupaten: 'Satu' });
    await makeVillage(owner, { provinsi: prov, kabupaten: 'Dua' });
    await invoke(createScore, {
      method: 'POST',
      resource: '/api/skor',
      body: {
        kd_desa: a.kd_desa,
        ...sameScores(92),
      },
      token: dinas.token,
    });
    await invoke(createStatus, {
      method: 'POST',
      resource: '/api/status-desa',
      body: { kd_desa: a.kd_desa, status: 'pending', keterangan: '' },
      token: dinas.token,
    });

    // as a table from before the statistics: no counters, no tallies, no category, no index keys
    for (const item of await allItems()) {
      if (String(item.PK).startsWith('STATS#'))
        await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }));
      if (item.type === 'DESA') {
        const drop = Object.keys(item).filter((k) => /^(n(req|stat)_|kategori$|GSI3)/.test(k));
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: `REMOVE ${drop.map((_, i) => `#d${i}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(drop.map((k, i) => [`#d${i}`, k])),
          }),
        );
      }
    }
    expect((await invoke(villageList, { method: 'GET', resource: '/api/desa-wisata', query: { provinsi: prov } })).body.data).toEqual([]);

    const report = await rebuildStatistics();
    expect(report.villagesChanged).toEqual([]);
    await expectCountersMatchRecount('after the rebuild:');
    const listed = await invoke(villageList, {
      method: 'GET',
      resource: '/api/desa-wisata',
      query: { provinsi: prov, kategori: 'Mandiri' },
    });
    expect(listed.body.data.map((v: { kd_desa: string }) => v.kd_desa)).toEqual([a.kd_desa]);

    const before = counters(await allItems());
    await rebuildStatistics();
    expect(counters(await allItems())).toEqual(before);
  });
});
