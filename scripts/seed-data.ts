/**
 * Demo data for the local stack (`npm run seed`, scripts/seed.ts): one login per role, a
 * dozen villages across several provinces with tourism descriptions (items with generated
 * PNG images), village descriptions with a gallery, scores in all four categories,
 * statuses and requests. Everything goes through lib/ (the same code paths as the
 * handlers), never raw table writes.
 *
 * Idempotent: users are looked up by e-mail, villages by their owner's e-mail and name,
 * and each part of a village (descriptions, score, requests, statuses) is added only when
 * it is missing, so running it again creates nothing new (and finishes a run that was
 * interrupted). lib/ reads its configuration on first use: set the environment before
 * importing this module (scripts/seed.ts does).
 */
import { registerUser } from '../lib/auth/accounts';
import type { Role } from '../lib/contract/roles';
import { config } from '../lib/platform/config';
import { setClock } from '../lib/platform/clock';
import { listRequests, type RequestRecord, type RequestStatus } from '../lib/db/requests';
import { getScore, type ScoreValues } from '../lib/db/scores';
import { listStatuses, type VillageStatus } from '../lib/db/statuses';
import { getTourismDescription } from '../lib/db/tourism-descriptions';
import { getUserByEmail, type UserRecord } from '../lib/db/users';
import { getVillageDescription, type JENIS_DESA } from '../lib/db/village-descriptions';
import { villagesByEmail, type VillageFields } from '../lib/db/villages';
import { SYSTEM, type Acting } from '../lib/contract/caller';
import { createRequest, updateRequestStatus } from '../lib/domain/requests';
import { createScore, updateScore } from '../lib/domain/score-service';
import { createStatus } from '../lib/domain/statuses';
import { createTourismDescription, createTourismInput } from '../lib/domain/tourism-descriptions';
import { createVillageDescription, createVillageDescriptionInput } from '../lib/domain/village-descriptions';
import { createVillage } from '../lib/domain/villages';
// (the seed stores images: made web-sized like every stored image)
import '../lib/domain/image-storing';
import type { UploadedFile } from '../lib/http/multipart';
import { gradientPng, type Rgb } from './png';

export const DEMO_PASSWORD = 'desawisata-demo';
const DOMAIN = 'desawisata.local';

interface SeedUser {
  role: Role;
  email: string;
  username: string;
  fullName: string;
  verified: boolean;
}

/** The three logins printed by `npm run seed`, one per role. */
export const DEMO_LOGINS: SeedUser[] = [
  { role: 'admin', email: `admin@${DOMAIN}`, username: 'admin_demo', fullName: 'Admin Desa Wisata', verified: true },
  { role: 'dinas', email: `dinas@${DOMAIN}`, username: 'dinas_demo', fullName: 'Dinas Pariwisata (demo)', verified: true },
  { role: 'pengelola', email: `pengelola@${DOMAIN}`, username: 'pengelola_demo', fullName: 'Pengelola Demo', verified: true },
];

type Item = Record<string, string | number>;
interface SeedVillage {
  key: string;
  /** Owner: the demo pengelola, or a manager of its own (pengelola.<key>@…). */
  owner: 'demo' | { fullName: string; verified: boolean };
  fields: Omit<VillageFields, 'email'>;
  color: Rgb;
  /** The requests the village has, oldest first (the first is the one created with the village). */
  requests: RequestStatus[];
  statuses: { status: VillageStatus; keterangan: string }[];
  /** Average → category: >90 Mandiri, 75–90 Maju, 50–74 Berkembang, <50 Rintisan; null: not scored. */
  score: number | null;
  tourism: { penjelasan_umum: string; fasilitas: string; atraksi: Item[]; penginapan: Item[]; paket_wisata: Item[]; suvenir: Item[] };
  place: {
    lokasi_desa: string;
    deskripsi_desa: string;
    fasilitas_desa: string[];
    jenis_desa: (typeof JENIS_DESA)[number];
    latitude: number;
    longitude: number;
  };
}

const atraksi = (nama: string, kategori: string) => ({ nama_atraksi: nama, kategori_atraksi: kategori });
const inap = (nama: string, harga: number) => ({ nama_penginapan: nama, harga_penginapan: harga });
const paket = (nama: string, harga: number) => ({ nama_paket_wisata: nama, harga_paket_wisata: harga });
const suvenir = (nama: string, harga: number) => ({ nama_suvenir: nama, harga_suvenir: harga });

export const SEED_VILLAGES: SeedVillage[] = [
  {
    key: 'pentingsari',
    owner: 'demo',
    fields: {
      provinsi: 'Daerah Istimewa Yogyakarta',
      kabupaten: 'Sleman',
      nama_desa: 'Pentingsari',
      nama_popular: 'Desa Wisata Pentingsari',
      alamat: 'Umbulharjo, Cangkringan, Sleman',
      pengelola: 'Pengelola Demo',
      nomor_telepon: '+62 812-2700-1001',
    },
    color: [46, 125, 50],
    requests: ['diproses', 'diterima'],
    statuses: [{ status: 'aktif', keterangan: 'Menerima tamu setiap hari' }],
    score: 93,
    tourism: {
      penjelasan_umum: 'Desa wisata di lereng Merapi dengan kehidupan petani salak dan budaya Jawa yang masih terjaga.',
      fasilitas: 'Parkir bus, homestay, pendopo, toilet umum, mushola',
      atraksi: [atraksi('Jelajah kebun salak', 'Alam'), atraksi('Belajar gamelan', 'Budaya'), atraksi('Jeep lava tour', 'Petualangan')],
      penginapan: [inap('Homestay Pak Darmo', 200000), inap('Homestay Bu Sri', 175000)],
      paket_wisata: [paket('Live-in 2 hari 1 malam', 450000)],
      suvenir: [suvenir('Salak pondoh 1 kg', 25000)],
    },
    place: {
      lokasi_desa: 'Umbulharjo, Cangkringan, Sleman',
      deskripsi_desa: 'Desa di kaki Merapi yang terkenal dengan program live-in dan edukasi pertanian.',
      fasilitas_desa: ['Parkir', 'Homestay', 'Pemandu'],
      jenis_desa: 'Budaya',
      latitude: -7.6186,
      longitude: 110.4405,
    },
  },
  {
    key: 'nglanggeran',
    owner: 'demo',
    fields: {
      provinsi: 'Daerah Istimewa Yogyakarta',
      kabupaten: 'Gunungkidul',
      nama_desa: 'Nglanggeran',
      nama_popular: 'Gunung Api Purba Nglanggeran',
      alamat: 'Nglanggeran, Patuk, Gunungkidul',
      pengelola: 'Pengelola Demo',
      nomor_telepon: '+62 812-2700-1002',
    },
    color: [121, 85, 72],
    requests: ['diterima'],
    statuses: [{ status: 'aktif', keterangan: 'Jalur pendakian dibuka' }],
    score: 88,
    tourism: {
      penjelasan_umum: 'Gunung api purba, embung, dan kebun kakao di perbukitan Gunungkidul.',
      fasilitas: 'Area kemah, warung, toilet, pos pendakian',
      atraksi: [atraksi('Pendakian Gunung Api Purba', 'Alam'), atraksi('Embung Nglanggeran', 'Alam')],
      penginapan: [inap('Homestay Griya Purba', 150000)],
      paket_wisata: [paket('Sunrise trekking', 120000)],
      suvenir: [suvenir('Cokelat Griya Cokelat', 30000)],
    },
    place: {
      lokasi_desa: 'Patuk, Gunungkidul',
      deskripsi_desa: 'Kawasan ekowisata gunung api purba berusia jutaan tahun.',
      fasilitas_desa: ['Area kemah', 'Warung'],
      jenis_desa: 'Alam',
      latitude: -7.8411,
      longitude: 110.5416,
    },
  },
  {
    key: 'penglipuran',
    owner: { fullName: 'I Wayan Sukarta', verified: true },
    fields: {
      provinsi: 'Bali',
      kabupaten: 'Bangli',
      nama_desa: 'Kubu',
      nama_popular: 'Desa Adat Penglipuran',
      alamat: 'Kubu, Bangli',
      pengelola: 'I Wayan Sukarta',
      nomor_telepon: '+62 813-3800-2001',
    },
    color: [0, 121, 107],
    requests: ['selesai', 'diterima'],
    statuses: [
      { status: 'ditinjau', keterangan: 'Peninjauan tahunan' },
      { status: 'aktif', keterangan: 'Terbuka untuk umum' },
    ],
    score: 96,
    tourism: {
      penjelasan_umum: 'Desa adat Bali dengan tata ruang tradisional dan hutan bambu.',
      fasilitas: 'Parkir, pusat informasi, toilet',
      atraksi: [atraksi('Hutan bambu', 'Alam'), atraksi('Rumah adat', 'Budaya')],
      penginapan: [inap('Homestay Penglipuran', 350000)],
      paket_wisata: [paket('Tur desa adat', 100000)],
      suvenir: [suvenir('Loloh cemcem', 10000), suvenir('Anyaman bambu', 45000)],
    },
    place: {
      lokasi_desa: 'Kubu, Bangli',
      deskripsi_desa: 'Salah satu desa terbersih di dunia dengan arsitektur Bali kuno.',
      fasilitas_desa: ['Parkir', 'Pusat informasi'],
      jenis_desa: 'Budaya',
      latitude: -8.4222,
      longitude: 115.3592,
    },
  },
  {
    key: 'jatiluwih',
    owner: { fullName: 'Ni Made Ayu', verified: true },
    fields: {
      provinsi: 'Bali',
      kabupaten: 'Tabanan',
      nama_desa: 'Jatiluwih',
      nama_popular: 'Sawah Terasering Jatiluwih',
      alamat: 'Jatiluwih, Penebel, Tabanan',
      pengelola: 'Ni Made Ayu',
      nomor_telepon: '+62 813-3800-2002',
    },
    color: [104, 159, 56],
    requests: ['diterima'],
    statuses: [{ status: 'aktif', keterangan: 'Musim tanam' }],
    score: 84,
    tourism: {
      penjelasan_umum: 'Terasering sawah dengan sistem subak warisan budaya dunia.',
      fasilitas: 'Parkir, restoran, jalur sepeda',
      atraksi: [atraksi('Trekking subak', 'Alam'), atraksi('Bersepeda di sawah', 'Petualangan')],
      penginapan: [inap('Villa Jatiluwih', 600000)],
      paket_wisata: [paket('Belajar menanam padi', 250000)],
      suvenir: [suvenir('Beras merah Jatiluwih', 40000)],
    },
    place: {
      lokasi_desa: 'Penebel, Tabanan',
      deskripsi_desa: 'Lanskap subak yang diakui UNESCO.',
      fasilitas_desa: ['Parkir', 'Restoran'],
      jenis_desa: 'Alam',
      latitude: -8.3708,
      longitude: 115.1317,
    },
  },
  {
    key: 'waerebo',
    owner: { fullName: 'Yoseph Katup', verified: true },
    fields: {
      provinsi: 'Nusa Tenggara Timur',
      kabupaten: 'Manggarai',
      nama_desa: 'Satar Lenda',
      nama_popular: 'Kampung Adat Wae Rebo',
      alamat: 'Satar Lenda, Satar Mese Barat, Manggarai',
      pengelola: 'Yoseph Katup',
      nomor_telepon: '+62 812-3700-3001',
    },
    color: [69, 90, 100],
    requests: ['diproses'],
    statuses: [{ status: 'pending', keterangan: 'Menunggu verifikasi dinas' }],
    score: 72,
    tourism: {
      penjelasan_umum: 'Kampung adat dengan rumah kerucut Mbaru Niang di pegunungan Flores.',
      fasilitas: 'Rumah tamu adat, pemandu lokal',
      atraksi: [atraksi('Mbaru Niang', 'Budaya'), atraksi('Trekking hutan', 'Alam')],
      penginapan: [inap('Menginap di Mbaru Niang', 325000)],
      paket_wisata: [paket('Trekking 2 hari', 750000)],
      suvenir: [suvenir('Kain songke', 300000)],
    },
    place: {
      lokasi_desa: 'Satar Mese Barat, Manggarai',
      deskripsi_desa: 'Kampung adat terpencil di ketinggian 1.100 mdpl.',
      fasilitas_desa: ['Pemandu'],
      jenis_desa: 'Budaya',
      latitude: -8.7696,
      longitude: 120.2837,
    },
  },
  {
    key: 'sade',
    owner: { fullName: 'Lalu Kerta', verified: true },
    fields: {
      provinsi: 'Nusa Tenggara Barat',
      kabupaten: 'Lombok Tengah',
      nama_desa: 'Rembitan',
      nama_popular: 'Dusun Sade',
      alamat: 'Rembitan, Pujut, Lombok Tengah',
      pengelola: 'Lalu Kerta',
      nomor_telepon: '+62 819-0700-4001',
    },
    color: [161, 136, 127],
    requests: ['diterima'],
    statuses: [{ status: 'aktif', keterangan: 'Buka setiap hari' }],
    score: 66,
    tourism: {
      penjelasan_umum: 'Dusun suku Sasak dengan rumah beratap alang-alang dan tenun tradisional.',
      fasilitas: 'Parkir, pemandu, toilet',
      atraksi: [atraksi('Tenun Sasak', 'Budaya')],
      penginapan: [],
      paket_wisata: [paket('Belajar menenun', 150000)],
      suvenir: [suvenir('Kain tenun Sasak', 250000)],
    },
    place: {
      lokasi_desa: 'Pujut, Lombok Tengah',
      deskripsi_desa: 'Permukiman tradisional Sasak dekat Kuta Lombok.',
      fasilitas_desa: ['Parkir', 'Pemandu'],
      jenis_desa: 'Budaya',
      latitude: -8.8393,
      longitude: 116.2927,
    },
  },
  {
    key: 'pujonkidul',
    owner: { fullName: 'Udi Hartoko', verified: true },
    fields: {
      provinsi: 'Jawa Timur',
      kabupaten: 'Malang',
      nama_desa: 'Pujon Kidul',
      nama_popular: 'Desa Wisata Pujon Kidul',
      alamat: 'Pujon Kidul, Pujon, Malang',
      pengelola: 'Udi Hartoko',
      nomor_telepon: '+62 822-3300-5001',
    },
    color: [255, 143, 0],
    requests: ['selesai'],
    statuses: [{ status: 'aktif', keterangan: 'Kafe sawah buka' }],
    score: 81,
    tourism: {
      penjelasan_umum: 'Kafe sawah, peternakan sapi perah, dan petik sayur di dataran tinggi Malang.',
      fasilitas: 'Kafe, parkir luas, toilet, mushola',
      atraksi: [atraksi('Kafe Sawah', 'Kuliner'), atraksi('Memerah susu sapi', 'Edukasi')],
      penginapan: [inap('Homestay Pujon', 180000)],
      paket_wisata: [paket('Paket edukasi peternakan', 85000)],
      suvenir: [suvenir('Susu pasteurisasi', 15000)],
    },
    place: {
      lokasi_desa: 'Pujon, Malang',
      deskripsi_desa: 'Desa agrowisata dengan pemandangan pegunungan.',
      fasilitas_desa: ['Kafe', 'Parkir'],
      jenis_desa: 'Buatan',
      latitude: -7.8581,
      longitude: 112.4636,
    },
  },
  {
    key: 'tamansari',
    owner: { fullName: 'Eko Prasetyo', verified: false },
    fields: {
      provinsi: 'Jawa Timur',
      kabupaten: 'Banyuwangi',
      nama_desa: 'Tamansari',
      nama_popular: 'Desa Wisata Tamansari Ijen',
      alamat: 'Tamansari, Licin, Banyuwangi',
      pengelola: 'Eko Prasetyo',
      nomor_telepon: '+62 822-3300-5002',
    },
    color: [30, 136, 229],
    requests: ['diproses'],
    statuses: [{ status: 'ditinjau', keterangan: 'Dokumen sedang ditinjau' }],
    score: 45,
    tourism: {
      penjelasan_umum: 'Gerbang menuju kawah Ijen dengan kebun kopi dan sanggar seni.',
      fasilitas: 'Pos informasi, warung',
      atraksi: [atraksi('Blue fire Ijen', 'Alam')],
      penginapan: [inap('Homestay Ijen', 160000)],
      paket_wisata: [],
      suvenir: [suvenir('Kopi Ijen', 50000)],
    },
    place: {
      lokasi_desa: 'Licin, Banyuwangi',
      deskripsi_desa: 'Desa penyangga kawasan Ijen.',
      fasilitas_desa: ['Pos informasi'],
      jenis_desa: 'Alam',
      latitude: -8.1308,
      longitude: 114.2397,
    },
  },
  {
    key: 'ponggok',
    owner: { fullName: 'Junaedhi Mulyono', verified: true },
    fields: {
      provinsi: 'Jawa Tengah',
      kabupaten: 'Klaten',
      nama_desa: 'Ponggok',
      nama_popular: 'Umbul Ponggok',
      alamat: 'Ponggok, Polanharjo, Klaten',
      pengelola: 'Junaedhi Mulyono',
      nomor_telepon: '+62 857-2900-6001',
    },
    color: [0, 172, 193],
    requests: ['diterima'],
    statuses: [{ status: 'aktif', keterangan: 'Kolam dibuka' }],
    score: 91.5,
    tourism: {
      penjelasan_umum: 'Mata air jernih untuk snorkeling dan foto bawah air.',
      fasilitas: 'Kolam, bilas, sewa alat selam, parkir',
      atraksi: [atraksi('Snorkeling Umbul Ponggok', 'Air'), atraksi('Foto bawah air', 'Air')],
      penginapan: [],
      paket_wisata: [paket('Paket foto bawah air', 100000)],
      suvenir: [suvenir('Kaos Ponggok', 75000)],
    },
    place: {
      lokasi_desa: 'Polanharjo, Klaten',
      deskripsi_desa: 'Desa wisata air yang dikelola BUMDes.',
      fasilitas_desa: ['Kolam', 'Parkir'],
      jenis_desa: 'Buatan',
      latitude: -7.6129,
      longitude: 110.6359,
    },
  },
  {
    key: 'candirejo',
    owner: { fullName: 'Tatak Sariawan', verified: true },
    fields: {
      provinsi: 'Jawa Tengah',
      kabupaten: 'Magelang',
      nama_desa: 'Candirejo',
      nama_popular: 'Desa Wisata Candirejo Borobudur',
      alamat: 'Candirejo, Borobudur, Magelang',
      pengelola: 'Tatak Sariawan',
      nomor_telepon: '+62 857-2900-6002',
    },
    color: [123, 31, 162],
    requests: ['ditolak', 'diproses'],
    statuses: [{ status: 'nonaktif', keterangan: 'Renovasi jalur andong' }],
    score: 58,
    tourism: {
      penjelasan_umum: 'Naik andong dan bersepeda di antara sawah dekat Candi Borobudur.',
      fasilitas: 'Andong, sepeda, homestay',
      atraksi: [atraksi('Keliling desa naik andong', 'Budaya')],
      penginapan: [inap('Homestay Candirejo', 200000)],
      paket_wisata: [paket('Village tour', 175000)],
      suvenir: [],
    },
    place: {
      lokasi_desa: 'Borobudur, Magelang',
      deskripsi_desa: 'Desa di kawasan Menoreh dekat Borobudur.',
      fasilitas_desa: ['Andong', 'Homestay'],
      jenis_desa: 'Budaya',
      latitude: -7.6253,
      longitude: 110.2206,
    },
  },
  {
    key: 'pariangan',
    owner: { fullName: 'Datuak Rajo Mangkuto', verified: false },
    fields: {
      provinsi: 'Sumatera Barat',
      kabupaten: 'Tanah Datar',
      nama_desa: 'Pariangan',
      nama_popular: 'Nagari Tuo Pariangan',
      alamat: 'Pariangan, Tanah Datar',
      pengelola: 'Datuak Rajo Mangkuto',
      nomor_telepon: '+62 811-6600-7001',
    },
    color: [198, 40, 40],
    requests: ['diproses'],
    statuses: [{ status: 'pending', keterangan: 'Menunggu kelengkapan berkas' }],
    score: 38,
    tourism: {
      penjelasan_umum: 'Nagari tertua Minangkabau dengan rumah gadang dan pemandian air panas.',
      fasilitas: 'Pemandian, masjid tua',
      atraksi: [atraksi('Rumah gadang', 'Budaya'), atraksi('Pemandian air panas', 'Alam')],
      penginapan: [],
      paket_wisata: [],
      suvenir: [suvenir('Songket Pandai Sikek', 500000)],
    },
    place: {
      lokasi_desa: 'Pariangan, Tanah Datar',
      deskripsi_desa: 'Nagari di lereng Marapi, asal-usul Minangkabau.',
      fasilitas_desa: ['Pemandian'],
      jenis_desa: 'Budaya',
      latitude: -0.4551,
      longitude: 100.4938,
    },
  },
  {
    key: 'ketekesu',
    owner: { fullName: 'Yohanis Sampe', verified: true },
    fields: {
      provinsi: 'Sulawesi Selatan',
      kabupaten: 'Toraja Utara',
      nama_desa: 'Bonoran',
      nama_popular: "Ke'te' Kesu'",
      alamat: 'Bonoran, Kesu, Toraja Utara',
      pengelola: 'Yohanis Sampe',
      nomor_telepon: '+62 852-4200-8001',
    },
    color: [93, 64, 55],
    requests: ['diterima'],
    statuses: [{ status: 'aktif', keterangan: 'Terbuka untuk umum' }],
    score: null,
    tourism: {
      penjelasan_umum: 'Deretan tongkonan dan lumbung padi berusia ratusan tahun.',
      fasilitas: 'Parkir, pemandu, toko kerajinan',
      atraksi: [atraksi('Tongkonan', 'Budaya'), atraksi('Makam batu', 'Budaya')],
      penginapan: [inap('Guest house Kesu', 250000)],
      paket_wisata: [paket('Tur budaya Toraja', 400000)],
      suvenir: [suvenir('Ukiran kayu Toraja', 150000)],
    },
    place: {
      lokasi_desa: 'Kesu, Toraja Utara',
      deskripsi_desa: 'Kompleks adat Toraja dengan ukiran khas.',
      fasilitas_desa: ['Parkir', 'Pemandu'],
      jenis_desa: 'Budaya',
      latitude: -3.0134,
      longitude: 119.9105,
    },
  },
];

export const ownerEmail = (v: SeedVillage) => (v.owner === 'demo' ? DEMO_LOGINS[2]!.email : `pengelola.${v.key}@${DOMAIN}`);

/** Six values averaging to about `avg` (each kept within 1–100), so the village lands in its category. */
/** The evaluation rounds the seed records: how long ago, and how far below the village's score today. */
const EVALUATION_ROUNDS = [
  { yearsAgo: 2, lower: 22 },
  { yearsAgo: 1, lower: 9 },
  { yearsAgo: 0, lower: 0 },
];

/** Runs `write` as if it were `yearsAgo` years ago (the seed's past evaluation rounds), then restores the clock. */
async function atTime<T>(yearsAgo: number, write: () => Promise<T>): Promise<T> {
  if (yearsAgo === 0) return write();
  const offset = yearsAgo * 365 * 86_400_000;
  setClock(() => Date.now() - offset);
  try {
    return await write();
  } finally {
    setClock();
  }
}

export function scoreValuesFor(avg: number): ScoreValues {
  const spread = [3, -2, 1, -3, 2, -1];
  const v = spread.map((d) => Math.min(100, Math.max(1, avg + d)));
  return {
    partisipasi_masyarakat: v[0]!,
    keragaman_paket_wisata: v[1]!,
    akses_tempat_wisata: v[2]!,
    keramahan_difabel: v[3]!,
    fasilitas_tempat_wisata: v[4]!,
    produk_tempat_wisata: v[5]!,
  };
}

export interface SeedSummary {
  logins: { role: Role; email: string; password: string }[];
  /** The other village managers (same password); the unverified ones cannot log in until an admin verifies them. */
  managers: { email: string; village: string; verified: boolean }[];
  villages: { kd_desa: string; slug: string; nama_popular: string; owner: string }[];
  /** What this run added (all zero on a second run). */
  created: {
    users: number;
    villages: number;
    tourismDescriptions: number;
    villageDescriptions: number;
    scores: number;
    requests: number;
    statuses: number;
    images: number;
  };
}

export interface SeedOptions {
  password?: string;
  log?: (line: string) => void;
}

const shade = (rgb: Rgb, k: number): Rgb => rgb.map((c) => Math.max(0, Math.min(255, Math.round(c * k)))) as unknown as Rgb;
const image = (field: string, rgb: Rgb): UploadedFile => ({ field, data: gradientPng(320, 200, rgb) });

/** Creates what is missing of the demo data; see the module comment. */
export async function seedDemoData(options: SeedOptions = {}): Promise<SeedSummary> {
  const password = options.password ?? DEMO_PASSWORD;
  const log = options.log ?? (() => {});
  if (!config().isLocal)
    throw new Error(`refusing to seed demo users with a known password into stage "${config().stage}" (local and test only)`);
  const created: SeedSummary['created'] = {
    users: 0,
    villages: 0,
    tourismDescriptions: 0,
    villageDescriptions: 0,
    scores: 0,
    requests: 0,
    statuses: 0,
    images: 0,
  };

  async function ensureUser(u: SeedUser): Promise<UserRecord> {
    const existing = await getUserByEmail(u.email);
    if (existing) return existing;
    await registerUser({ username: u.username, fullName: u.fullName, email: u.email, password, role: u.role }, u.verified, SYSTEM);
    created.users++;
    log(`user ${u.role} ${u.email}`);
    return (await getUserByEmail(u.email))!;
  }

  for (const login of DEMO_LOGINS) await ensureUser(login);
  // who the history names: each manager for their village, the office for requests, statuses and evaluations
  const office: Acting = (await getUserByEmail(DEMO_LOGINS[1]!.email))!;

  const [allRequests, allStatuses] = await Promise.all([listRequests(), listStatuses()]);
  const villages: SeedSummary['villages'] = [];
  for (const seed of SEED_VILLAGES) {
    const email = ownerEmail(seed);
    const owner =
      seed.owner === 'demo'
        ? (await getUserByEmail(email))!
        : await ensureUser({
            role: 'pengelola',
            email,
            username: `pengelola_${seed.key}`,
            fullName: seed.owner.fullName,
            verified: seed.owner.verified,
          });

    // The village: found by its owner and name, else created (which also files its first request).
    let village = (await villagesByEmail(email)).find(
      (v) => v.nama_desa === seed.fields.nama_desa && v.nama_popular === seed.fields.nama_popular,
    );
    let requests: Pick<RequestRecord, 'kd_permintaan' | 'status_permintaan'>[];
    if (village) {
      requests = allRequests
        .filter((r) => r.kd_desa === village!.kd_desa)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.kd_permintaan.localeCompare(b.kd_permintaan));
    } else {
      const fresh = await createVillage({ ...seed.fields, email }, owner);
      village = fresh.village;
      requests = [{ kd_permintaan: fresh.kd_permintaan, status_permintaan: 'diproses' }];
      created.villages++;
      log(`village ${village.kd_desa} ${seed.fields.nama_popular}`);
    }
    const kd = village.kd_desa;
    villages.push({ kd_desa: kd, slug: village.slug, nama_popular: village.nama_popular, owner: email });

    // Requests: as many as listed, oldest first, each set to its listed status.
    for (const [i, status] of seed.requests.entries()) {
      let code = requests[i]?.kd_permintaan;
      if (!code) {
        code = (await createRequest({ kd_desa: kd, status_permintaan: status }, owner)).kd_permintaan;
        created.requests++;
      }
      if (requests[i]?.status_permintaan !== status) await updateRequestStatus(code, { status_permintaan: status }, office);
    }

    // Statuses: the listed ones that are not there yet.
    const statuses = allStatuses.filter((s) => s.kd_desa === kd);
    for (const st of seed.statuses.slice(statuses.length)) {
      await createStatus({ kd_desa: kd, ...st }, office);
      created.statuses++;
    }

    // Score.
    // Score: evaluated in three rounds (two years ago, last year, now), so each village has a trajectory to show.
    if (seed.score !== null && !(await getScore(kd))) {
      const rounds = EVALUATION_ROUNDS.map((r) => ({ ...r, score: Math.max(1, seed.score! - r.lower) }));
      for (const [i, round] of rounds.entries()) {
        const values = scoreValuesFor(round.score);
        await atTime(round.yearsAgo, () => (i === 0 ? createScore({ kd_desa: kd, ...values }, office) : updateScore(kd, values, office)));
      }
      created.scores++;
    }

    // Tourism description: one image per item (atraksi, penginapan, suvenir), packages without.
    if (!(await getTourismDescription(kd))) {
      const t = seed.tourism;
      const files = [
        ...t.atraksi.map((_, i) => image('atraksi', shade(seed.color, 1 - i * 0.15))),
        ...t.penginapan.map((_, i) => image('penginapan', shade(seed.color, 0.8 - i * 0.1))),
        ...t.suvenir.map((_, i) => image('suvenir', shade(seed.color, 0.6 - i * 0.1))),
      ];
      const data = {
        kd_desa: kd,
        penjelasan_umum: t.penjelasan_umum,
        fasilitas: t.fasilitas,
        dokumentasi_desa: '',
        atraksi: t.atraksi,
        penginapan: t.penginapan,
        paket_wisata: t.paket_wisata.map((p) => ({ ...p, jumlah_gambar: 0 })),
        suvenir: t.suvenir,
      };
      await createTourismDescription(createTourismInput.parse(data), files, owner);
      created.tourismDescriptions++;
      created.images += files.length;
    }

    // Village description with a three-image gallery (the first becomes the village's cover).
    if (!(await getVillageDescription(kd))) {
      const files = [1, 0.8, 0.6].map((k) => image('galeri_gambar', shade(seed.color, k)));
      await createVillageDescription(
        createVillageDescriptionInput.parse({ kd_desa: kd, ...seed.place, url_video: [] }),
        { gallery: files },
        owner,
      );
      created.villageDescriptions++;
      created.images += files.length;
    }
  }

  return {
    logins: DEMO_LOGINS.map((u) => ({ role: u.role, email: u.email, password })),
    managers: SEED_VILLAGES.flatMap((v) =>
      v.owner === 'demo' ? [] : [{ email: ownerEmail(v), village: v.fields.nama_popular, verified: v.owner.verified }],
    ),
    villages,
    created,
  };
}
