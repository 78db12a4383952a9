/**
 * The unit of work's seam (`plan()`): what a change would write, by named step, without
 * DynamoDB. Each entity's derived effects — its record, history entry, counters, the
 * village's tallies, list versions, outbox items, image references — are checked here, so
 * a rule's test needs no emulator.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../../lib/db/history';
import { statuses } from '../../lib/db/statuses';
import { UnitOfWork, type PlannedStep } from '../../lib/db/unit-of-work';
import { recordNewVillage, recordVillageChange, type VillageRecord } from '../../lib/db/villages';
import { recordTourismChange, type TourismDescriptionRecord } from '../../lib/db/tourism-descriptions';
import { imageClaim } from '../../lib/db/image-refs';
import { recordNewVillageDescription, type VillageDescriptionRecord } from '../../lib/db/village-descriptions';

const fields = {
  provinsi: 'DI Yogyakarta',
  kabupaten: 'Sleman',
  nama_desa: 'Pentingsari',
  nama_popular: 'Desa Wisata Pentingsari',
  alamat: 'Umbulharjo',
  pengelola: 'Doto',
  nomor_telepon: '+62 812 0000 0000',
  email: 'Pengelola@Example.com',
};
const names = (plan: PlannedStep[]) => plan.map((s) => s.step);
const count = (plan: PlannedStep[], step: PlannedStep['step']) => plan.filter((s) => s.step === step).length;

function newVillage(): VillageRecord {
  const uow = new UnitOfWork(SYSTEM);
  return recordNewVillage(uow, fields, 'desa-wisata-pentingsari').village;
}

describe('the unit of work tells what it would write', () => {
  it('a new village: the record and its first request, its slug marker, one history entry, its region counters, two lists', () => {
    const uow = new UnitOfWork(SYSTEM);
    const { village, kd_permintaan } = recordNewVillage(uow, fields, 'desa-wisata-pentingsari');
    const plan = uow.plan();
    expect(plan[0]).toEqual({ step: 'record', op: 'put', key: `DESA#${village.kd_desa} DESA` });
    expect(count(plan, 'history')).toBe(1);
    expect(count(plan, 'counter')).toBeGreaterThan(0);
    expect(plan.filter((s) => s.step === 'marker').map((s) => s.key)).toEqual(['SLUG#desa-wisata-pentingsari SLUG']);
    // its first request is a record of its own, already counted on the village it is born with
    expect(plan.filter((s) => s.step === 'record').map((s) => s.key)).toEqual([`DESA#${village.kd_desa} DESA`, `REQ#${kd_permintaan} REQ`]);
    expect(count(plan, 'village')).toBe(0);
    expect(village.nreq_diproses).toBe(1);
    expect([...village.request_codes!]).toEqual([kd_permintaan]);
    expect(plan.filter((s) => s.step === 'list-version').map((s) => s.list)).toEqual(['villages', 'requests']);
    expect(count(plan, 'outbox')).toBe(0);
    expect(village.email).toBe('pengelola@example.com');
  });

  it('a village whose fields do not change plans nothing at all', () => {
    const current = newVillage();
    const uow = new UnitOfWork(SYSTEM);
    expect(recordVillageChange(uow, current, fields, current.slug)).toBe(current);
    expect(uow.plan()).toEqual([]);
  });

  it('a hand-over to another manager: one outbox item beside the record and its entry; a rename none', () => {
    const current = newVillage();
    const handed = new UnitOfWork(SYSTEM);
    recordVillageChange(handed, current, { ...fields, email: 'baru@example.com' }, current.slug, 'village.handed_over');
    expect(names(handed.plan())).toContain('outbox');
    const renamed = new UnitOfWork(SYSTEM);
    recordVillageChange(renamed, current, { ...fields, nama_desa: 'Pentingsari Baru' }, current.slug);
    expect(count(renamed.plan(), 'outbox')).toBe(0);
    expect(count(renamed.plan(), 'history')).toBe(1);
  });

  it("a village's status: its record, entry and outbox item, the village's code set and tally, its region's counter, one list", () => {
    const village = newVillage();
    const uow = new UnitOfWork(SYSTEM);
    const at = uow.at;
    uow.create(
      statuses,
      { kd_status: 'STAT-1', kd_desa: village.kd_desa, status: 'aktif', keterangan: '', tanggal_update: at, created_at: at },
      { village },
    );
    const plan = uow.plan();
    expect(plan.find((s) => s.step === 'village')).toEqual({ step: 'village', op: 'update', key: `DESA#${village.kd_desa} DESA` });
    expect(count(plan, 'outbox')).toBe(1);
    expect(count(plan, 'history')).toBe(1);
    expect(count(plan, 'counter')).toBeGreaterThan(0);
    expect(plan.filter((s) => s.step === 'list-version').map((s) => s.list)).toEqual(['statuses']);
  });

  it("a tourism description's change: its image references ride in the same transaction", () => {
    const at = new Date().toISOString();
    const current: TourismDescriptionRecord = {
      kd_desa: 'DESA-1',
      penjelasan_umum: 'a',
      fasilitas: '',
      dokumentasi_desa: '',
      atraksi: [],
      penginapan: [],
      paket_wisata: [],
      suvenir: [],
      next_ids: { atraksi: 1, penginapan: 1, paket_wisata: 1, suvenir: 1 },
      random_key: 'k',
      version: 1,
      created_at: at,
      updated_at: at,
    };
    const uow = new UnitOfWork(SYSTEM);
    // the request's image source: a claim per image the change adds, a release per one it drops
    const seen: [string[], string[]][] = [];
    uow.useImages({
      refWrites: (before, after) => {
        seen.push([[...before], [...after]]);
        return [imageClaim('images/u/1/a.png', 'DESA-1', Date.now())];
      },
    });
    const url = 'http://127.0.0.1:4569/unit-bucket/images/u/1/a.png';
    const next = { ...current, atraksi: [{ id: 1, nama_atraksi: 'A', gambar: [url] }], version: 2 };
    recordTourismChange(uow, current, next, 'tourism_description.updated');
    expect(seen).toEqual([[[], [url]]]);
    expect(names(uow.plan())).toEqual(expect.arrayContaining(['record', 'history', 'image-ref', 'list-version']));
  });

  it('a change of a record that lists images, without the request image source, is refused at once (a bug, not a request)', () => {
    const at = new Date().toISOString();
    const d = {
      kd_desa: 'DESA-2',
      lokasi_desa: 'x',
      deskripsi_desa: 'x',
      fasilitas_desa: 'x',
      galeri_gambar: [],
      gambar_cover: null,
      url_video: null,
      jenis_desa: 'Alam',
      latitude: 0,
      longitude: 0,
      version: 1,
      created_at: at,
      updated_at: at,
    } as unknown as VillageDescriptionRecord;
    expect(() => recordNewVillageDescription(new UnitOfWork(SYSTEM), d)).toThrow('writeWithImages');
  });
});
