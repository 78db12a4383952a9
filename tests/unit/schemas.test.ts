import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { loginInput, registerInput } from '../../lib/auth/accounts';
import { resetPasswordInput, verifyResetInput } from '../../lib/auth/reset-codes';
import { DomainError } from '../../lib/contract/errors';
import { MSG } from '../../lib/contract/messages';
import { namingFields, parseInput, type Refusal } from '../../lib/contract/validation';
import { createRequestInput } from '../../lib/domain/requests';
import { createScoreInput, updateScoreInput } from '../../lib/domain/score-service';
import { createStatusInput, updateStatusInput } from '../../lib/domain/statuses';
import {
  appendTourismItemsInput,
  createTourismInput,
  ITEM_SCHEMAS,
  removeTourismItemInput,
  updateTourismInput,
} from '../../lib/domain/tourism-descriptions';
import { listUsersQuery } from '../../lib/domain/users';
import { createVillageDescriptionInput, updateVillageDescriptionInput } from '../../lib/domain/village-descriptions';
import { villageInput } from '../../lib/domain/villages';

/**
 * Each input schema parsed as the route wrapper parses it (lib/contract/validation.ts
 * parseInput) with the refusal its route declares, so the 400 texts are the contract's.
 */
function refused(schema: z.ZodType, value: unknown, refusal: Refusal): string {
  try {
    parseInput(schema, value, refusal);
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe('invalid');
    return (err as Error).message;
  }
  return expect.fail(`accepted ${JSON.stringify(value)}`);
}

describe('villages (POST/PUT /api/desa-wisata)', () => {
  const village = {
    provinsi: ' DI Yogyakarta ',
    kabupaten: 'Sleman',
    nama_desa: 'Pentingsari',
    nama_popular: 'Desa Wisata Pentingsari',
    alamat: 'Jl. Kaliurang km 22',
    pengelola: 'Pak Doto',
    nomor_telepon: '+62 (812) 3456-7890',
    email: 'pengelola@desa.example',
  };
  const refusal = namingFields(MSG.villageInvalid);

  it('accepts the eight fields, trimmed', () => {
    expect(parseInput(villageInput, { ...village, extra: 1 }, refusal)).toEqual({ ...village, provinsi: 'DI Yogyakarta' });
  });

  it('names every invalid field, in the order of the form', () => {
    expect(refused(villageInput, { ...village, email: 'nope', nomor_telepon: 'abc', nama_desa: '   ' }, refusal)).toBe(
      'Data desa wisata tidak valid: nama_desa, nomor_telepon, email',
    );
    expect(refused(villageInput, {}, refusal)).toBe(
      'Data desa wisata tidak valid: provinsi, kabupaten, nama_desa, nama_popular, alamat, pengelola, nomor_telepon, email',
    );
  });

  it('holds the limits of each field', () => {
    const ok = (change: object) => villageInput.safeParse({ ...village, ...change }).success;
    expect(ok({ nama_desa: 'x'.repeat(150) })).toBe(true);
    expect(ok({ nama_desa: 'x'.repeat(151) })).toBe(false);
    expect(ok({ alamat: 'x'.repeat(500) })).toBe(true);
    expect(ok({ alamat: 'x'.repeat(501) })).toBe(false);
    expect(ok({ nomor_telepon: '08123' })).toBe(true);
    expect(ok({ nomor_telepon: '0812' })).toBe(false);
    expect(ok({ nomor_telepon: '1'.repeat(25) })).toBe(true);
    expect(ok({ nomor_telepon: '1'.repeat(26) })).toBe(false);
    expect(ok({ nomor_telepon: 628123456789 })).toBe(false);
  });
});

describe('scores (POST/PUT /api/skor)', () => {
  const values = {
    partisipasi_masyarakat: 80,
    keragaman_paket_wisata: 70,
    akses_tempat_wisata: 90,
    keramahan_difabel: 60,
    fasilitas_tempat_wisata: 85,
    produk_tempat_wisata: 75,
  };

  it('POST: kd_desa first ("kd_desa harus diisi"), then the values ("Semua nilai skor …")', () => {
    expect(parseInput(createScoreInput, { kd_desa: ' DESA-1 ', ...values }, MSG.scoreInvalid)).toEqual({ kd_desa: 'DESA-1', ...values });
    expect(refused(createScoreInput, values, MSG.scoreInvalid)).toBe('kd_desa harus diisi');
    expect(refused(createScoreInput, { kd_desa: '  ', ...values }, MSG.scoreInvalid)).toBe('kd_desa harus diisi');
    expect(refused(createScoreInput, { kd_desa: 7, ...values }, MSG.scoreInvalid)).toBe('kd_desa harus diisi');
    expect(refused(createScoreInput, 'text', MSG.scoreInvalid)).toBe('kd_desa harus diisi');
    expect(refused(createScoreInput, { kd_desa: 'DESA-1', ...values, akses_tempat_wisata: '90' }, MSG.scoreInvalid)).toBe(
      'Semua nilai skor harus berupa angka antara 1 hingga 100.',
    );
  });

  it('PUT: the six values only', () => {
    expect(parseInput(updateScoreInput, { ...values, kd_desa: 'ignored' }, MSG.scoreInvalid)).toEqual(values);
    expect(refused(updateScoreInput, { ...values, produk_tempat_wisata: 0 }, MSG.scoreInvalid)).toBe(MSG.scoreInvalid);
    expect(refused(updateScoreInput, {}, MSG.scoreInvalid)).toBe(MSG.scoreInvalid);
  });
});

describe('tourism descriptions (POST/PUT/PATCH /api/deskripsi-wisata)', () => {
  const refusal = namingFields(MSG.tourismDescriptionInvalid);

  it('POST: texts default to empty, kd_desa is trimmed', () => {
    const parsed = parseInput(createTourismInput, { kd_desa: ' DESA-1 ' }, refusal);
    expect(parsed).toEqual({ kd_desa: 'DESA-1', penjelasan_umum: '', fasilitas: '', dokumentasi_desa: '' });
    expect(refused(createTourismInput, { penjelasan_umum: 'x'.repeat(20_001) }, refusal)).toBe(
      'Data deskripsi wisata tidak valid: kd_desa, penjelasan_umum',
    );
  });

  it('prices: JSON numbers or numeric strings from 0 to 10^12', () => {
    const price = (harga_penginapan: unknown) => ITEM_SCHEMAS.penginapan.safeParse({ nama_penginapan: 'H', harga_penginapan });
    expect(price(' 150000.50 ').data?.harga_penginapan).toBe(150000.5);
    expect(price('0').data?.harga_penginapan).toBe(0);
    expect(price(1e12).success).toBe(true);
    for (const bad of ['-1', '1e3', 'Rp 100', '', -5, 1e12 + 1, Infinity, null]) expect(price(bad).success, String(bad)).toBe(false);
  });

  it('items: names trimmed (1–200), at most 25 images, ids positive integers', () => {
    expect(ITEM_SCHEMAS.atraksi.parse({ nama_atraksi: ' Goa ', kategori_atraksi: ' Alam ' })).toEqual({
      nama_atraksi: 'Goa',
      kategori_atraksi: 'Alam',
    });
    const ok = (item: object) => ITEM_SCHEMAS.suvenir.safeParse({ nama_suvenir: 'Batik', harga_suvenir: 1, ...item }).success;
    expect(ok({ nama_suvenir: ' ' })).toBe(false);
    expect(ok({ nama_suvenir: 'x'.repeat(201) })).toBe(false);
    expect(ok({ gambar: Array(25).fill('u') })).toBe(true);
    expect(ok({ gambar: Array(26).fill('u') })).toBe(false);
    expect(ok({ id: 0 })).toBe(false);
    expect(ok({ id: 1.5 })).toBe(false);
    expect(ok({ jumlah_gambar: 26 })).toBe(false);
  });

  it('names the category of an invalid item; at most 100 items per category', () => {
    expect(refused(createTourismInput, { kd_desa: 'D', penginapan: [{ nama_penginapan: 'H', harga_penginapan: 'gratis' }] }, refusal)).toBe(
      'Data deskripsi wisata tidak valid: penginapan',
    );
    const many = (n: number) => Array.from({ length: n }, () => ({ nama_atraksi: 'Goa' }));
    expect(appendTourismItemsInput.safeParse({ atraksi: many(100) }).success).toBe(true);
    expect(refused(appendTourismItemsInput, { atraksi: many(101) }, refusal)).toBe('Data deskripsi wisata tidak valid: atraksi');
  });

  it('PUT: everything optional; the same id twice in a category is its own 400', () => {
    expect(parseInput(updateTourismInput, {}, refusal)).toEqual({});
    const twice = {
      suvenir: [
        { id: 3, nama_suvenir: 'A', harga_suvenir: 1 },
        { id: 3, nama_suvenir: 'B', harga_suvenir: 2 },
      ],
    };
    expect(refused(updateTourismInput, twice, refusal)).toBe('id item tidak boleh sama dalam satu kategori: suvenir');
  });

  it('remove-item: both fields, then a category, then a positive integer id', () => {
    const remove = (body: unknown) => refused(removeTourismItemInput, body, MSG.invalidJson);
    expect(parseInput(removeTourismItemInput, { entity_type: 'atraksi', item_id: ' 12 ' }, MSG.invalidJson)).toEqual({
      entity_type: 'atraksi',
      item_id: 12,
    });
    expect(remove({})).toBe('entity_type dan item_id harus disediakan');
    expect(remove({ entity_type: '', item_id: 1 })).toBe(MSG.entityTypeItemIdRequired);
    expect(remove({ entity_type: 'atraksi', item_id: null })).toBe(MSG.entityTypeItemIdRequired);
    expect(remove({ entity_type: 'kuliner', item_id: 1 })).toBe('entity_type tidak valid');
    for (const id of ['abc', 0, 1.5, -2, '1234567890123456', 2 ** 53, true])
      expect(remove({ entity_type: 'suvenir', item_id: id }), String(id)).toBe('item_id harus berupa bilangan bulat positif');
  });
});

describe('village descriptions (POST/PUT /api/deskripsi-desa)', () => {
  const refusal = namingFields(MSG.villageDescriptionInvalid);
  const description = {
    kd_desa: 'DESA-1',
    lokasi_desa: 'Sleman',
    deskripsi_desa: 'Desa wisata',
    jenis_desa: 'Alam',
    latitude: -7.7,
    longitude: 110.4,
  };

  it('defaults the lists and reads coordinates from numbers or numeric strings', () => {
    expect(parseInput(createVillageDescriptionInput, { ...description, latitude: ' -7.70 ', longitude: '110' }, refusal)).toEqual({
      ...description,
      fasilitas_desa: [],
      url_video: [],
      latitude: -7.7,
      longitude: 110,
    });
  });

  it('takes lists as arrays, JSON text, or one plain value', () => {
    const parse = (change: object) => createVillageDescriptionInput.parse({ ...description, ...change });
    expect(parse({ fasilitas_desa: '["Parkir"," Toilet "]' }).fasilitas_desa).toEqual(['Parkir', 'Toilet']);
    expect(parse({ fasilitas_desa: 'Parkir luas' }).fasilitas_desa).toEqual(['Parkir luas']);
    expect(parse({ url_video: 'https://youtu.be/abc' }).url_video).toEqual(['https://youtu.be/abc']);
    expect(updateVillageDescriptionInput.parse({ ...description, keep_gallery_images: '["a","b"]' }).keep_gallery_images).toEqual([
      'a',
      'b',
    ]);
  });

  it('refuses out-of-range coordinates, other URL schemes and unknown kinds, naming them', () => {
    expect(refused(createVillageDescriptionInput, { ...description, latitude: 90.5, longitude: '1e2' }, refusal)).toBe(
      'Data deskripsi desa tidak valid: latitude, longitude',
    );
    expect(refused(createVillageDescriptionInput, { ...description, url_video: ['javascript:alert(1)'] }, refusal)).toBe(
      'Data deskripsi desa tidak valid: url_video',
    );
    expect(refused(createVillageDescriptionInput, { ...description, url_video: ['ftp://x.example/v'] }, refusal)).toBe(
      'Data deskripsi desa tidak valid: url_video',
    );
    expect(refused(createVillageDescriptionInput, { ...description, jenis_desa: 'alam', jenis_desa_list: [] }, refusal)).toBe(
      'Data deskripsi desa tidak valid: jenis_desa, jenis_desa_list',
    );
    expect(createVillageDescriptionInput.safeParse({ ...description, longitude: -180 }).success).toBe(true);
    expect(createVillageDescriptionInput.safeParse({ ...description, longitude: 180.01 }).success).toBe(false);
  });
});

describe('statuses, requests and users', () => {
  it('statuses: one of four values, keterangan trimmed (default empty, at most 1000)', () => {
    const refusal = namingFields(MSG.villageStatusInvalid);
    expect(parseInput(createStatusInput, { kd_desa: 'DESA-1', status: 'ditinjau' }, refusal)).toEqual({
      kd_desa: 'DESA-1',
      status: 'ditinjau',
      keterangan: '',
    });
    expect(parseInput(updateStatusInput, { status: 'aktif', keterangan: ' ok ' }, refusal)).toEqual({ status: 'aktif', keterangan: 'ok' });
    expect(refused(updateStatusInput, { status: 'tutup', keterangan: 'x'.repeat(1001) }, refusal)).toBe(
      'Data status desa tidak valid: status, keterangan',
    );
  });

  it('requests: any failure is "Data tidak valid"', () => {
    expect(parseInput(createRequestInput, { kd_desa: 'DESA-1', status_permintaan: 'diproses' }, MSG.requestInvalid)).toEqual({
      kd_desa: 'DESA-1',
      status_permintaan: 'diproses',
    });
    expect(refused(createRequestInput, { kd_desa: 'DESA-1', status_permintaan: 'menunggu' }, MSG.requestInvalid)).toBe('Data tidak valid');
  });

  it('users: includeDesa is true/1 or false/0/empty, anything else has its own 400', () => {
    const include = (includeDesa?: string) =>
      parseInput(listUsersQuery, includeDesa === undefined ? {} : { includeDesa }, 'refused').includeDesa;
    expect([include(), include(''), include('false'), include(' 0 ')]).toEqual([false, false, false, false]);
    expect([include('true'), include('TRUE'), include('1')]).toEqual([true, true, true]);
    expect(refused(listUsersQuery, { includeDesa: 'yes' }, 'refused')).toBe('Parameter includeDesa harus true atau false');
  });
});

describe('accounts (/auth/*)', () => {
  const account = { full_name: ' Budi ', email: 'budi@desa.example', password: 'rahasia123' };

  it('register: role defaults to pengelola; admin cannot sign up', () => {
    expect(parseInput(registerInput, account, MSG.registerInvalid)).toEqual({ ...account, full_name: 'Budi', role: 'pengelola' });
    expect(parseInput(registerInput, { ...account, role: 'dinas' }, MSG.registerInvalid).role).toBe('dinas');
    expect(refused(registerInput, { ...account, role: 'admin' }, MSG.registerInvalid)).toBe('Data registrasi tidak valid');
  });

  it('register: password 8–128 characters, username 3–50 of letters, digits, . _ -', () => {
    const ok = (change: object) => registerInput.safeParse({ ...account, ...change }).success;
    expect(ok({ password: 'x'.repeat(8) })).toBe(true);
    expect(ok({ password: 'x'.repeat(7) })).toBe(false);
    expect(ok({ password: 'x'.repeat(129) })).toBe(false);
    expect(ok({ username: 'budi.s_1-2' })).toBe(true);
    expect(ok({ username: 'bu' })).toBe(false);
    expect(ok({ username: 'budi santoso' })).toBe(false);
    expect(ok({ full_name: '  ' })).toBe(false);
  });

  it('login: both present, else "Email dan password harus diisi"', () => {
    expect(parseInput(loginInput, { email: 'b@x.co', password: 'p' }, MSG.loginMissing)).toEqual({ email: 'b@x.co', password: 'p' });
    expect(refused(loginInput, { email: '  ', password: 'p' }, MSG.loginMissing)).toBe('Email dan password harus diisi');
    expect(refused(loginInput, { email: 'b@x.co', password: '' }, MSG.loginMissing)).toBe(MSG.loginMissing);
  });

  it('reset: a numeric code is read as its digits', () => {
    expect(parseInput(verifyResetInput, { email: 'b@x.co', resetCode: 123456 }, MSG.resetVerifyMissing).resetCode).toBe('123456');
    expect(refused(verifyResetInput, { email: 'b@x.co' }, MSG.resetVerifyMissing)).toBe('Email dan kode reset harus diisi');
  });

  it('reset password: fields present, then the passwords equal, then their length', () => {
    const body = { email: 'b@x.co', resetCode: '123456', newPassword: 'baru12345', confirmPassword: 'baru12345' };
    const refuse = (change: object) => refused(resetPasswordInput, { ...body, ...change }, MSG.resetAllFieldsRequired);
    expect(parseInput(resetPasswordInput, body, MSG.resetAllFieldsRequired)).toEqual(body);
    expect(refuse({ resetCode: '' })).toBe('Semua field harus diisi');
    expect(refuse({ confirmPassword: '', newPassword: 'short' })).toBe('Semua field harus diisi');
    expect(refuse({ confirmPassword: 'lain12345' })).toBe('Password baru dan konfirmasi password tidak cocok');
    expect(refuse({ newPassword: 'short', confirmPassword: 'short' })).toBe('Password harus terdiri dari 8 hingga 128 karakter');
  });
});
