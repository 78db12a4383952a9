import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { registerInput } from '../../lib/auth/accounts';
import { MSG } from '../../lib/contract/messages';
import { namingFields } from '../../lib/contract/validation';
import type { StatusRecord } from '../../lib/db/statuses';
import type { StoredItem, TourismDescriptionRecord } from '../../lib/db/tourism-descriptions';
import type { UserRecord } from '../../lib/db/users';
import type { VillageDescriptionRecord } from '../../lib/db/village-descriptions';
import type { VillageRecord } from '../../lib/db/villages';
import { createStatusInput } from '../../lib/domain/statuses';
import { TOURISM_FORM, toPublicTourismDescription, updateTourismInput } from '../../lib/domain/tourism-descriptions';
import { toPublicVillageDescription } from '../../lib/db/village-descriptions';
import { form } from '../../lib/http/form';
import { fromWebAppRegistration, meForWebApp, usernameCandidates } from '../../lib/web-app/accounts';
import { attractionForWebApp } from '../../lib/web-app/attractions';
import { WEB_APP_FIELDS, withoutWebAppFields } from '../../lib/web-app/fields';
import { fromWebAppPath } from '../../lib/web-app/paths';
import { fromWebAppStatus, statusForWebApp } from '../../lib/web-app/statuses';
import { fromWebAppTourismData, tourismDescriptionForWebApp } from '../../lib/web-app/tourism';
import {
  fromWebAppVillageDescriptionData,
  fromWebAppVillageDescriptionFiles,
  VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_WEB_APP,
  villageDescriptionForWebApp,
  villageDescriptionWriteForWebApp,
} from '../../lib/web-app/village-descriptions';
import { villageDetailsQueryForWebApp, villageKindsForWebApp } from '../../lib/web-app/villages';
import { multipart } from '../support/multipart';

const URL_A = 'http://127.0.0.1:4569/unit-bucket/images/DESA-1/a.png';
const AT = '2026-01-02T03:04:05.000Z';

describe('tourism items from the web app (fromWebAppTourismData)', () => {
  it('turns nama/harga into the category fields, a URL string into a one-image list, and drops app ids', () => {
    const data = {
      kd_desa: 'DESA-1',
      penginapan: [{ id: 7, nama: 'Homestay Melati', harga: '150000', gambar: URL_A, gambarFile: {} }],
      atraksi: [{ id: 3, nama: 'Goa Pindul', harga: 5000, kategori_atraksi: 'Alam', gambar: [URL_A] }],
      suvenir: [{ nama: 'Batik', harga: 75000, gambar: '' }],
      paket_wisata: [{ nama: 'Paket 1', harga: 1, gambar: null }],
    };
    expect(fromWebAppTourismData(data)).toEqual({
      kd_desa: 'DESA-1',
      penginapan: [{ nama_penginapan: 'Homestay Melati', harga_penginapan: '150000', gambar: [URL_A] }],
      // attractions have no price: `harga` is dropped
      atraksi: [{ nama_atraksi: 'Goa Pindul', kategori_atraksi: 'Alam', gambar: [URL_A] }],
      suvenir: [{ nama_suvenir: 'Batik', harga_suvenir: 75000 }],
      paket_wisata: [{ nama_paket_wisata: 'Paket 1', harga_paket_wisata: 1 }],
    });
    expect(data.penginapan[0]).toHaveProperty('nama'); // the input is not changed
  });

  it('lets nama/harga win over the contract names an edited item still carries', () => {
    const mapped = fromWebAppTourismData({ suvenir: [{ nama: 'New', nama_suvenir: 'Old', harga: 2, harga_suvenir: 1 }] });
    expect(mapped).toEqual({ suvenir: [{ nama_suvenir: 'New', harga_suvenir: 2 }] });
  });

  it("leaves the contract's items (with their ids) and other values as they are", () => {
    const contractItem = { id: 4, nama_atraksi: 'Goa', gambar: [URL_A] };
    const mapped = fromWebAppTourismData({ atraksi: [contractItem, 'junk', null] }) as { atraksi: unknown[] };
    expect(mapped.atraksi[0]).toBe(contractItem);
    expect(mapped.atraksi.slice(1)).toEqual(['junk', null]);
    const noLists = { kd_desa: 'DESA-1', atraksi: '[{"nama":"Goa"}]' };
    expect(fromWebAppTourismData(noLists)).toBe(noLists);
    for (const v of [null, 'text', [1]]) expect(fromWebAppTourismData(v)).toBe(v);
  });

  it('through the form: JSON text categories, app items and files come out as the contract input', async () => {
    const body = multipart(
      { data: JSON.stringify({ penginapan: JSON.stringify([{ id: 9, nama: ' Homestay ', harga: ' 150000.50 ', gambar: URL_A }]) }) },
      [{ field: 'penginapan', data: Buffer.from('image bytes') }],
    );
    const event = { body: body.body, isBase64Encoded: true } as APIGatewayProxyEvent;
    const headers = { 'content-type': body.headers!['Content-Type']! };
    const spec = form({ data: updateTourismInput, ...TOURISM_FORM });
    const read = await spec.read(event, headers, { adapt: fromWebAppTourismData, invalid: namingFields(MSG.tourismDescriptionInvalid) });
    expect(read.body.penginapan).toEqual([{ nama_penginapan: 'Homestay', harga_penginapan: 150000.5, gambar: [URL_A] }]);
    expect(read.files).toEqual([{ field: 'penginapan', data: Buffer.from('image bytes'), name: 'photo.png' }]);
  });
});

describe('tourism descriptions for the web app (tourismDescriptionForWebApp)', () => {
  const record = {
    kd_desa: 'DESA-1',
    penjelasan_umum: 'Umum',
    fasilitas: 'Parkir',
    dokumentasi_desa: '',
    atraksi: [{ id: 1, nama_atraksi: 'Goa Pindul', kategori_atraksi: 'Alam', gambar: [URL_A] }],
    penginapan: [{ id: 2, nama_penginapan: 'Homestay', harga_penginapan: 150000, gambar: [], jumlah_gambar: 1 }],
    paket_wisata: [],
    suvenir: [],
    next_ids: { atraksi: 2, penginapan: 3, paket_wisata: 1, suvenir: 1 },
    random_key: 'abc',
    version: 3,
    created_at: AT,
    updated_at: AT,
  } as TourismDescriptionRecord;

  it("keeps the contract's view and adds nama (and harga where the category has a price) to each item", () => {
    const contract = toPublicTourismDescription(record);
    expect(Object.keys(contract)).toEqual([
      'kd_desa',
      'penjelasan_umum',
      'fasilitas',
      'dokumentasi_desa',
      'atraksi',
      'penginapan',
      'paket_wisata',
      'suvenir',
      'created_at',
      'updated_at',
    ]);
    expect(contract.atraksi).toBe(`[{"id":1,"nama_atraksi":"Goa Pindul","kategori_atraksi":"Alam","gambar":["${URL_A}"]}]`);
    expect(contract.penginapan).toBe('[{"id":2,"nama_penginapan":"Homestay","harga_penginapan":150000,"gambar":[]}]');
    const app = tourismDescriptionForWebApp(record);
    expect(JSON.parse(app.atraksi)).toEqual([
      { id: 1, nama_atraksi: 'Goa Pindul', kategori_atraksi: 'Alam', gambar: [URL_A], nama: 'Goa Pindul' },
    ]);
    expect(JSON.parse(app.penginapan)).toEqual([
      { id: 2, nama_penginapan: 'Homestay', harga_penginapan: 150000, gambar: [], nama: 'Homestay', harga: 150000 },
    ]);
    expect(app.suvenir).toBe('[]');
    // without the dialect's fields each item is the contract's
    for (const c of ['atraksi', 'penginapan'] as const) {
      const items = (JSON.parse(app[c]) as Record<string, unknown>[]).map((i) => withoutWebAppFields(i, 'tourismItem'));
      expect(items).toEqual(JSON.parse(contract[c]));
    }
  });
});

describe('village descriptions from and for the web app', () => {
  it('maps a lower-case jenis_desa array to the contract value and the list of kinds', () => {
    expect(fromWebAppVillageDescriptionData({ kd_desa: 'DESA-1', jenis_desa: ['alam', ' BUDAYA '] })).toEqual({
      kd_desa: 'DESA-1',
      jenis_desa: 'Alam',
      jenis_desa_list: ['Alam', 'Budaya'],
    });
    // unknown words stay for the schema to refuse
    expect(fromWebAppVillageDescriptionData({ jenis_desa: ['laut', 5] })).toEqual({ jenis_desa: 'laut', jenis_desa_list: ['laut', 5] });
    for (const data of [{ jenis_desa: 'Alam' }, { jenis_desa: [] }, null, 'text'])
      expect(fromWebAppVillageDescriptionData(data)).toBe(data);
  });

  it('splits gallery files (either field, in order) from one cover file', () => {
    const file = (field: string, n: number) => ({ field, data: Buffer.from([n]) });
    const files = [file('galeri_desa', 1), file('gambar_cover', 2), file('galeri_gambar', 3)];
    expect(fromWebAppVillageDescriptionFiles(files)).toEqual({ gallery: [files[0], files[2]], cover: files[1] });
    expect(fromWebAppVillageDescriptionFiles([])).toEqual({ gallery: [], cover: undefined });
    expect(() => fromWebAppVillageDescriptionFiles([file('gambar_cover', 1), file('gambar_cover', 2)])).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'Terlalu banyak file pada field: gambar_cover' }),
    );
    expect(VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_WEB_APP.fileFields).toEqual(['galeri_gambar', 'galeri_desa', 'gambar_cover']);
  });

  const description = {
    kd_desa: 'DESA-1',
    version: 2,
    lokasi_desa: 'Sleman',
    deskripsi_desa: 'Desa',
    fasilitas_desa: ['Parkir'],
    galeri_gambar: ['g1', 'g2'],
    url_video: [],
    jenis_desa: 'Alam',
    jenis_desa_list: ['Alam', 'Budaya'],
    gambar_cover: null,
    latitude: -7.7,
    longitude: 110.4,
    created_at: AT,
    updated_at: AT,
  } as VillageDescriptionRecord;

  it('adds galeri_desa and gambar_cover (the chosen cover, else the first image, else null)', () => {
    const app = villageDescriptionForWebApp(description);
    expect(app.galeri_desa).toEqual(['g1', 'g2']);
    expect(app.gambar_cover).toBe('g1');
    expect(villageDescriptionForWebApp({ ...description, gambar_cover: 'c' }).gambar_cover).toBe('c');
    expect(villageDescriptionForWebApp({ ...description, galeri_gambar: [] }).gambar_cover).toBeNull();
    expect(withoutWebAppFields(app, 'villageDescription')).toEqual(toPublicVillageDescription(description));
    expect(app).not.toHaveProperty('version');
    expect(app).not.toHaveProperty('jenis_desa_list');
  });

  it('adds the gallery, cover and coordinates to write responses', () => {
    expect(villageDescriptionWriteForWebApp({ kd_desa: 'DESA-1' }, description)).toEqual({
      kd_desa: 'DESA-1',
      galeri_desa: ['g1', 'g2'],
      gambar_cover: 'g1',
      gambar_varian: {}, // (g1, g2 are not this store's URLs)
      latitude: -7.7,
      longitude: 110.4,
    });
  });
});

describe('village statuses from and for the web app', () => {
  it('maps "tidak aktif" (any case and spacing) to nonaktif, and nothing else', () => {
    expect(fromWebAppStatus({ kd_desa: 'DESA-1', status: ' Tidak   AKTIF ' })).toEqual({ kd_desa: 'DESA-1', status: 'nonaktif' });
    expect(createStatusInput.parse(fromWebAppStatus({ kd_desa: 'DESA-1', status: 'tidak aktif' })).status).toBe('nonaktif');
    for (const body of [{ status: 'tidak' }, { status: 'aktif' }, { status: 1 }, null, ['tidak aktif']])
      expect(fromWebAppStatus(body)).toBe(body);
  });

  it("adds the village's name, province and regency (null when the village is gone)", () => {
    const status: StatusRecord = {
      kd_status: 'STAT-1',
      kd_desa: 'DESA-1',
      status: 'aktif',
      keterangan: '',
      tanggal_update: AT,
      created_at: AT,
    };
    const contract = { kd_status: 'STAT-1', kd_desa: 'DESA-1', status: 'aktif', keterangan: '', tanggal_update: AT };
    expect(statusForWebApp({ status, village: { nama_desa: 'Pentingsari', provinsi: 'DIY', kabupaten: 'Sleman' } })).toEqual({
      ...contract,
      nama_desa_wisata: 'Pentingsari',
      provinsi: 'DIY',
      kabupaten: 'Sleman',
    });
    const gone = statusForWebApp({ status, village: null });
    expect(gone).toEqual({ ...contract, nama_desa_wisata: null, provinsi: null, kabupaten: null });
    expect(withoutWebAppFields(gone, 'status')).toEqual(contract);
  });
});

describe('accounts from and for the web app', () => {
  it('takes fullName as full_name', () => {
    expect(fromWebAppRegistration({ fullName: 'Budi', email: 'b@x.co' })).toEqual({ full_name: 'Budi', email: 'b@x.co' });
    // both sent: fullName is the name, as long as full_name is a valid one
    expect(fromWebAppRegistration({ fullName: 'Budi', full_name: 'Budi Santoso' })).toEqual({ full_name: 'Budi' });
    expect(fromWebAppRegistration({ fullName: 'Budi', full_name: '' })).toEqual({ full_name: '' });
    const contract = { full_name: 'Budi' };
    expect(fromWebAppRegistration(contract)).toBe(contract);
    expect(fromWebAppRegistration('text')).toBe('text');
  });

  it("derives usernames from the e-mail's local part: the plain one, then four with growing random numbers", () => {
    const [plain, ...numbered] = usernameCandidates('Budi.Santoso+promo@Example.com');
    expect(plain).toBe('budi.santosopromo');
    expect(numbered).toHaveLength(4);
    numbered.forEach((name, i) => expect(name).toMatch(new RegExp(`^budi\\.santosopromo-[1-9]\\d{${i + 3}}$`)));
  });

  it('makes short or odd local parts into valid usernames', () => {
    expect(usernameCandidates('ab@x.co')[0]).toBe('abuser');
    expect(usernameCandidates('._x_.@x.co')[0]).toBe('xuser');
    expect(usernameCandidates('@x.co')[0]).toBe('user');
    expect(usernameCandidates(`${'a'.repeat(60)}@x.co`)[0]).toBe('a'.repeat(40));
    for (const email of ['ab@x.co', `${'a'.repeat(60)}@x.co`, 'Ünïcode.名前@x.co', 'x-y_z@x.co'])
      for (const name of usernameCandidates(email)) expect(registerInput.shape.username.safeParse(name).success, name).toBe(true);
  });

  it('/auth/me: adds data with the fields the app reads', () => {
    const user = { id: 7, username: 'budi', full_name: 'Budi S', email: 'b@x.co', role: 'pengelola', is_verified: true } as UserRecord;
    expect(meForWebApp(user)).toEqual({
      data: { id: 7, username: 'budi', email: 'b@x.co', role: 'pengelola', is_verified: true, fullname: 'Budi S' },
    });
  });
});

describe('attractions, village details and paths for the web app', () => {
  const village = {
    nama_desa: 'Pentingsari',
    slug: 'pentingsari',
    kabupaten: 'Sleman',
    nama_popular: 'Desa Wisata Pentingsari',
  } as VillageRecord;

  it('attractions: the first image (its card) as atraksi[0].gambar, and the regency and popular name', () => {
    const attraction = { id: 1, nama_atraksi: 'Goa', gambar: [URL_A, 'b'] } as StoredItem;
    const cardA = URL_A.replace(/\.(jpg|png|webp)$/, '.card.webp');
    expect(cardA).not.toBe(URL_A);
    expect(attractionForWebApp({ attraction, village })).toEqual({
      nama_atraksi: 'Goa',
      gambar: [cardA, 'b'],
      nama_desa: 'Pentingsari',
      slug: 'pentingsari',
      atraksi: [{ nama: 'Goa', gambar: cardA }],
      kabupaten: 'Sleman',
      nama_popular: 'Desa Wisata Pentingsari',
    });
    expect(attractionForWebApp({ attraction: { ...attraction, gambar: [] }, village }).atraksi).toEqual([{ nama: 'Goa', gambar: null }]);
  });

  it('village details: byJenis=true|1 adds the kinds in lower case', () => {
    expect(villageDetailsQueryForWebApp.parse({})).toEqual({ page: undefined, limit: undefined, byJenis: false });
    expect(villageDetailsQueryForWebApp.parse({ byJenis: 'TRUE' }).byJenis).toBe(true);
    expect(villageDetailsQueryForWebApp.parse({ byJenis: '1', page: '2' })).toEqual({ page: 2, limit: undefined, byJenis: true });
    expect(villageDetailsQueryForWebApp.parse({ byJenis: 'yes' }).byJenis).toBe(false);
    expect(villageKindsForWebApp({ jenis_desa_list: ['Alam', 'Buatan'] })).toEqual({ jenis_desa: ['alam', 'buatan'] });
    expect(villageKindsForWebApp({ jenis_desa_list: null })).toEqual({ jenis_desa: [] });
    expect(villageKindsForWebApp({})).toEqual({ jenis_desa: [] });
  });

  it("paths: /authentication/* are the contract's /auth/* routes", () => {
    expect(fromWebAppPath('/authentication/login')).toBe('/auth/login');
    expect(fromWebAppPath('/authentication/password/verify')).toBe('/auth/password/verify');
    expect(fromWebAppPath('/authentication/verify/{email}')).toBe('/auth/verify/{email}');
    expect(fromWebAppPath('/api/skor')).toBe('/api/skor');
    expect(fromWebAppPath('/auth/login')).toBe('/auth/login');
  });

  it('withoutWebAppFields removes exactly the listed fields, on a copy', () => {
    const value = { a: 1, atraksi: [], kabupaten: 'x', nama_popular: 'y' };
    expect(withoutWebAppFields(value, 'attraction')).toEqual({ a: 1 });
    expect(value).toHaveProperty('kabupaten');
    expect(WEB_APP_FIELDS.me).toEqual(['data']);
  });
});
