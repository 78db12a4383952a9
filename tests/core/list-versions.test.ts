/**
 * Every write that changes a public list bumps the version of the kinds it changes, in
 * its own transaction (lib/db/list-versions.ts): the lists' tags then change with it, so a
 * cached list is never served after a write. The writes the caching tests do not reach
 * through a list are checked here, kind by kind.
 */
import { describe, expect, it } from 'vitest';
import { listVersions } from '../../lib/db/list-versions';
import { SYSTEM } from '../../lib/db/history';
import { deleteRequest, updateRequestStatus } from '../../lib/domain/requests';
import { createStatus, deleteStatus, updateStatus } from '../../lib/domain/statuses';
import { recordRequest } from '../support/journal';
import { getUserByEmail, type UserRecord } from '../../lib/db/users';
import { createScore } from '../../lib/domain/score-service';
import {
  createTourismDescription,
  createTourismInput,
  deleteTourismDescription,
  removeTourismItem,
  updateTourismDescription,
  updateTourismInput,
} from '../../lib/domain/tourism-descriptions';
import {
  createVillageDescription,
  createVillageDescriptionInput,
  deleteVillageDescription,
  updateVillageDescription,
  updateVillageDescriptionInput,
} from '../../lib/domain/village-descriptions';
import { deleteVillage } from '../../lib/domain/villages';
import type { ListKind } from '../../lib/contract/lists';
import { SIX_SCORES, tourismData, villageDescriptionData } from '../robustness/support/fixture';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

/** Runs `write` and expects exactly these kinds' versions to have grown. */
async function bumps(kinds: ListKind[], write: () => Promise<unknown>) {
  const all: ListKind[] = ['villages', 'requests', 'users', 'scores', 'statuses', 'tourism'];
  const before = await listVersions(all);
  await write();
  const after = await listVersions(all);
  for (const k of all) {
    if (kinds.includes(k)) expect(after[k]!.version, k).toBeGreaterThan(before[k]!.version);
    else expect(after[k]!.version, k).toBe(before[k]!.version);
  }
}

async function ownerWithVillage(): Promise<{ caller: UserRecord; kd: string; email: string }> {
  const owner = await makeUser('pengelola');
  const { kd_desa } = await makeVillage(owner);
  return { caller: (await getUserByEmail(owner.email))!, kd: kd_desa, email: owner.email };
}

describe('list versions move with every write that changes a list', () => {
  it('accounts and villages: sign-up, new village (with its request), village deletion (with everything hanging off it)', async () => {
    await bumps(['users'], () => makeUser('dinas'));
    const owner = await makeUser('pengelola');
    await bumps(['villages', 'requests'], () => makeVillage(owner));
    const { caller, kd } = await ownerWithVillage();
    await createScore({ kd_desa: kd, ...SIX_SCORES }, SYSTEM);
    await bumps(['villages', 'requests', 'statuses', 'scores', 'tourism'], () => deleteVillage(kd, caller));
  });

  it('requests and statuses: create, change, delete', async () => {
    const { kd, email } = await ownerWithVillage();
    let code = '';
    await bumps(
      ['requests'],
      async () => (code = (await recordRequest({ kd_desa: kd, email, status_permintaan: 'diproses' })).kd_permintaan),
    );
    await bumps(['requests'], () => updateRequestStatus(code, { status_permintaan: 'diterima' }, SYSTEM));
    await bumps(['requests'], () => deleteRequest(code, SYSTEM));
    await bumps(
      ['statuses'],
      async () => (code = (await createStatus({ kd_desa: kd, status: 'aktif', keterangan: 'ok' }, SYSTEM)).kd_status),
    );
    await bumps(['statuses'], () => updateStatus(code, { status: 'nonaktif', keterangan: 'tutup' }, SYSTEM));
    await bumps(['statuses'], () => deleteStatus(code, SYSTEM));
  });

  it('descriptions: tourism create, replace, item removal, delete; village description create, replace, delete', async () => {
    const { caller, kd } = await ownerWithVillage();
    await bumps(['tourism'], () => createTourismDescription(createTourismInput.parse(tourismData(kd)), [], caller));
    let itemId = 0;
    await bumps(['tourism'], async () => {
      const input = updateTourismInput.parse({ ...tourismData(kd), penjelasan_umum: 'Baru' });
      const updated = await updateTourismDescription(kd, input, [], caller);
      itemId = updated.atraksi[0]!.id;
    });
    await bumps(['tourism'], () => removeTourismItem(kd, { entity_type: 'atraksi', item_id: itemId }, caller));
    await bumps(['tourism'], () => deleteTourismDescription(kd, caller));
    await bumps(['villages'], () =>
      createVillageDescription(createVillageDescriptionInput.parse(villageDescriptionData(kd)), { gallery: [] }, caller),
    );
    await bumps(['villages'], () =>
      updateVillageDescription(
        kd,
        updateVillageDescriptionInput.parse({ ...villageDescriptionData(), deskripsi_desa: 'Baru' }),
        { gallery: [] },
        caller,
      ),
    );
    await bumps(['villages'], () => deleteVillageDescription(kd, caller));
  });
});
