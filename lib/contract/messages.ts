/**
 * Every user-facing message text, once. The texts marked "spec" are the contract
 * (docs/api.md, generated from the code) and must not change; the others fill gaps the
 * contract leaves open (see docs/decisions.md).
 */
export const MSG = {
  // generic
  internalError: 'Internal server error', // spec
  serviceUnavailable: 'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
  // not from the contract: every attempt of a retried write lost its race (409)
  writeBusy: 'Data sedang diubah oleh permintaan lain. Silakan coba lagi.',
  notFoundRoute: 'Endpoint tidak ditemukan',
  invalidJson: 'Body JSON tidak valid',
  payloadTooLarge: 'Ukuran request melebihi batas 6 MB (di AWS, total file per request sekitar 4,4 MB)',
  multipartInvalid: 'Format multipart/form-data tidak valid',
  fileFieldUnknown: 'Field file tidak dikenal',
  tooManyFiles: 'Terlalu banyak file dalam satu request',
  tooManyFilesInField: 'Terlalu banyak file pada field',
  tooManyFields: 'Terlalu banyak field dalam request',
  fieldTooLarge: 'Isi field terlalu besar',
  fileTooLarge: 'Ukuran file maksimal 5 MB',
  imageTypeInvalid: 'Format file harus JPG, PNG, atau WebP',
  imageTooManyPixels: 'Gambar terlalu besar: paling banyak 50 megapiksel (misalnya 8160 × 6120 piksel)',
  imageRequestBudget:
    'Gambar dalam satu request terlalu besar: paling banyak 100 megapiksel seluruhnya; kirim gambar dalam beberapa request',
  imageTooManyScans: 'Gambar JPEG progresif memiliki terlalu banyak scan (paling banyak 100): simpan ulang sebagai JPEG biasa',
  imageCorrupt: 'File gambar rusak atau terpotong: unggah ulang file aslinya',
  imageUrlInvalid: 'URL gambar tidak valid: hanya gambar yang diunggah ke layanan ini yang dapat digunakan',
  imageNotFound: 'Gambar tidak ditemukan',
  tooManyFilesForItems: 'Jumlah file melebihi jumlah gambar yang diminta item',
  tooManyImageChanges:
    'Terlalu banyak gambar lama yang dipakai ulang dalam satu request (maksimal 90); kirim perubahan dalam beberapa request',
  unsupportedMediaType: 'Content-Type tidak didukung',
  tooManyRequests: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
  // not from the contract: safe retries with an Idempotency-Key header (docs/decisions.md)
  idempotencyKeyInvalid: 'Header Idempotency-Key tidak valid: isi dengan 1 hingga 255 karakter ASCII yang dapat dicetak',
  idempotencyKeyReused:
    'Idempotency-Key ini sudah dipakai untuk permintaan dengan isi yang berbeda. Gunakan kunci baru untuk permintaan baru.',
  idempotencyInProgress: 'Permintaan dengan Idempotency-Key ini masih diproses. Silakan coba lagi sebentar lagi.',
  idempotencyAlreadyApplied:
    'Perubahan dengan Idempotency-Key ini sudah tersimpan pada percobaan sebelumnya; jawaban percobaan itu tidak tersedia, jadi tidak ada yang diubah lagi.',
  uploadTimedOut: 'Waktu pemrosesan habis sebelum gambar selesai disimpan; gambar tidak disimpan. Silakan unggah ulang.',

  // tokens and access
  tokenMissing: 'Akses ditolak. Token tidak ditemukan.', // spec
  tokenInvalid: 'Token tidak valid atau sudah kadaluarsa', // spec
  adminOnlyVerify: 'Akses ditolak. Hanya admin yang dapat memverifikasi akun.', // spec
  forbiddenRole: 'Akses ditolak. Anda tidak memiliki izin untuk mengakses endpoint ini.',

  // registration and login
  registerSuccess: 'Registrasi berhasil. Akun Anda menunggu verifikasi dari admin.',
  registerInvalid: 'Data registrasi tidak valid',
  emailTaken: 'Email sudah terdaftar',
  usernameTaken: 'Username sudah digunakan',
  loginSuccess: 'Login berhasil',
  loginMissing: 'Email dan password harus diisi',
  loginFailed: 'Email atau password salah',
  accountUnverified: 'Akun belum diverifikasi. Silakan tunggu verifikasi dari admin.',
  loginThrottled: 'Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam beberapa menit.',
  passwordLength: 'Password harus terdiri dari 8 hingga 128 karakter',

  // password reset
  emailRequired: 'Email harus diisi', // spec
  emailNotFound: 'Email tidak ditemukan', // spec
  resetCodeSent: 'Kode reset telah dikirim ke email Anda',
  resetCodeTooSoon: 'Kode reset baru saja dikirim. Silakan tunggu 1 menit sebelum meminta kode baru.',
  mailFailed: 'Gagal mengirim email', // spec
  resetVerifyMissing: 'Email dan kode reset harus diisi', // spec
  resetCodeWrong: 'Invalid reset code', // spec
  resetCodeValid: 'Kode reset valid',
  resetAllFieldsRequired: 'Semua field harus diisi', // spec
  resetPasswordMismatch: 'Password baru dan konfirmasi password tidak cocok', // spec
  resetCodeInvalidOrExpired: 'Kode reset tidak valid atau sudah kadaluarsa', // spec
  passwordResetSuccess: 'Password berhasil direset',

  // account verification and /auth/me
  userNotFound: 'Pengguna tidak ditemukan', // spec
  accountVerified: 'Akun berhasil diverifikasi',
  // villages
  emailNotRegistered: 'Email tidak terdaftar', // spec
  villageNotFound: 'Desa wisata tidak ditemukan', // spec
  villageCodeTaken: 'Kode desa wisata sudah digunakan', // spec
  villageOwnerOnly: 'Akses ditolak. Anda hanya dapat mengelola desa wisata milik Anda sendiri.', // spec (village description) / docs/decisions.md (village, tourism description)
  pengelolaOnlyVillage: "Akses ditolak. Hanya role 'pengelola' yang dapat mengelola desa wisata.",
  villageInvalid: 'Data desa wisata tidak valid',
  villageOwnerNotPengelola: 'Email harus milik akun pengelola yang terdaftar',
  villageCreated: 'Desa wisata berhasil ditambahkan',
  villageUpdated: 'Desa wisata berhasil diperbarui',
  villageDeleted: 'Desa wisata berhasil dihapus',
  // not from the contract (docs/decisions.md): hand-over and lost races of a village
  villageHandoverUnverified: 'Desa wisata hanya dapat diserahkan kepada akun pengelola yang sudah diverifikasi',
  villageBusy: 'Desa wisata sedang diubah oleh permintaan lain. Silakan coba lagi.',

  // requests
  requestInvalid: 'Data tidak valid', // spec
  requestNotFound: 'Permintaan tidak ditemukan', // spec
  pengelolaOnlyRequest: "Hanya role 'pengelola' yang dapat membuat permintaan", // spec
  requestCreated: 'Permintaan berhasil dibuat',
  requestUpdated: 'Status permintaan berhasil diperbarui',
  requestDeleted: 'Permintaan berhasil dihapus',

  // village statuses
  dinasOnlyStatus: "Akses ditolak. Hanya role 'dinas' yang dapat mengelola status desa.", // spec
  villageStatusNotFound: 'Status desa tidak ditemukan', // spec
  villageStatusInvalid: 'Data status desa tidak valid',
  villageStatusCreated: 'Status desa berhasil ditambahkan',
  villageStatusUpdated: 'Status desa berhasil diperbarui',
  villageStatusDeleted: 'Status desa berhasil dihapus',

  // village descriptions
  pengelolaOnlyVillageDescription: "Akses ditolak. Hanya role 'pengelola' yang dapat mengelola deskripsi desa.", // spec
  villageCodeUnknown: 'Kode desa tidak ditemukan dalam tabel desa_wisata. Pastikan kode desa benar.', // spec
  dataJsonInvalid: 'Data JSON tidak valid', // spec
  villageDescriptionNotFound: 'Deskripsi desa tidak ditemukan', // spec
  villageDescriptionInvalid: 'Data deskripsi desa tidak valid',
  villageDescriptionCreated: 'Deskripsi desa berhasil ditambahkan',
  villageDescriptionUpdated: 'Deskripsi desa berhasil diperbarui',
  villageDescriptionDeleted: 'Deskripsi desa berhasil dihapus',
  villageDescriptionExists: 'Deskripsi desa sudah ada. Gunakan PUT untuk mengubahnya.', // spec

  // tourism descriptions and uploads
  entityTypeItemIdRequired: 'entity_type dan item_id harus disediakan', // spec
  entityTypeInvalid: 'entity_type tidak valid', // spec
  itemNotFound: 'Item tidak ditemukan', // spec
  itemIdInvalid: 'item_id harus berupa bilangan bulat positif',
  historyQueryInvalid: 'Parameter riwayat tidak valid: limit 1–100, from/to berupa waktu ISO 8601, cursor dari jawaban sebelumnya',
  historySecurityAdminOnly: 'Akses ditolak. Hanya admin yang dapat melihat kejadian keamanan akun.',
  historyRangeReversed: 'Rentang waktu riwayat tidak valid: from tidak boleh lebih akhir dari to',
  historyCursorInvalid: 'Cursor riwayat tidak valid: gunakan next_cursor dari jawaban sebelumnya dengan parameter yang sama',
  exportQueryInvalid:
    'Parameter ekspor tidak valid: format xlsx atau csv; provinsi dan kabupaten berupa teks tanpa tanda # (maks. 100 karakter); kabupaten hanya bersama provinsinya',
  exportOfficeOnly: "Akses ditolak. Hanya role 'dinas' dan 'admin' yang dapat mengekspor data desa wisata.",
  roundExportQueryInvalid: 'Parameter ekspor tidak valid: format xlsx atau csv; tautan 0 atau 1',
  listFilterInvalid:
    'Filter tidak valid: provinsi dan kabupaten berupa teks tanpa tanda # (maks. 100 karakter), kabupaten hanya bersama provinsinya; kategori Mandiri, Maju, Berkembang, Rintisan atau belum_dinilai; status aktif, nonaktif, ditinjau atau pending; jenis Alam, Budaya atau Buatan',
  statisticsQueryInvalid:
    'Parameter statistik tidak valid: provinsi dan kabupaten berupa teks tanpa tanda # (maks. 100 karakter); kabupaten hanya bersama provinsinya',
  itemIdDuplicate: 'id item tidak boleh sama dalam satu kategori',
  noFileUploaded: 'No file uploaded', // spec
  tourismDescriptionInvalid: 'Data deskripsi wisata tidak valid',
  tourismDescriptionNotFound: 'Deskripsi wisata tidak ditemukan',
  tourismDescriptionExists: 'Deskripsi wisata sudah ada. Gunakan PUT untuk mengubahnya.',
  itemTooLarge: 'Data terlalu besar: satu deskripsi dapat menyimpan paling banyak 400 KB teks (huruf non-Latin dihitung 2–4 byte)',
  tourismDescriptionBusy: 'Deskripsi wisata sedang diubah. Silakan coba lagi.',
  tourismDescriptionCreated: 'Deskripsi wisata berhasil ditambahkan',
  tourismDescriptionUpdated: 'Deskripsi wisata berhasil diperbarui',
  tourismDescriptionDeleted: 'Deskripsi wisata berhasil dihapus',
  tourismItemsAdded: 'Item berhasil ditambahkan',
  tourismItemRemoved: 'Item berhasil dihapus',
  paginationInvalid: 'Parameter page dan limit harus bilangan bulat positif (limit maksimal 100)',
  pengelolaOnlyTourismDescription: "Akses ditolak. Hanya role 'pengelola' yang dapat mengelola deskripsi wisata.",

  // scores
  scoreInvalid: 'Semua nilai skor harus berupa angka antara 1 hingga 100.', // spec
  dinasOnlyScore: "Akses ditolak. Hanya role 'dinas' yang dapat mengelola skor.", // spec
  scoreVillageNotFound: 'Desa tidak ditemukan di database.', // spec
  scoreNotFound: 'Skor desa tidak ditemukan', // spec
  scoreExists: 'Skor untuk desa ini sudah ada. Gunakan PUT untuk mengubahnya.', // spec
  scoreVillageCodeMissing: 'kd_desa harus diisi',
  scoreCreated: 'Skor desa berhasil disimpan',
  scoreUpdated: 'Skor desa berhasil diperbarui',

  // evaluation rounds (not from the contract)
  evaluationInvalid: 'Data evaluasi tidak valid',
  evaluationDatesOrder: 'Tanggal evaluasi harus berurutan: mulai ≤ batas_mandiri ≤ selesai',
  evaluationRegionNeedsProvince: 'kabupaten hanya dapat diisi bersama provinsi',
  evaluationNotFound: 'Evaluasi tidak ditemukan',
  evaluationCreated: 'Evaluasi berhasil dibuat',
  evaluationUpdated: 'Evaluasi berhasil diperbarui',
  evaluationDeleted: 'Evaluasi berhasil dihapus',
  evaluationFinished: 'Evaluasi sudah selesai dan tidak dapat diubah',
  evaluationHasSubmissions: 'Evaluasi tidak dapat dihapus karena sudah ada penilaian mandiri yang diajukan',
  evaluationRegionLocked: 'Wilayah evaluasi tidak dapat diubah karena sudah ada penilaian mandiri yang diajukan atau desa yang dinilai',
  officeOnlyEvaluation: "Akses ditolak. Hanya role 'dinas' atau 'admin' yang dapat mengelola evaluasi.",
  pengelolaOnlySelfAssessment: "Akses ditolak. Hanya role 'pengelola' yang dapat mengisi penilaian mandiri.",
  evaluationVillageNotInScope: 'Desa tidak termasuk dalam evaluasi ini',
  selfAssessmentInvalid: 'Data penilaian mandiri tidak valid',
  evidenceTypeInvalid: 'Format bukti harus JPG, PNG, WebP, atau PDF',
  evidenceTooMany: 'Paling banyak 5 berkas bukti per kriteria',
  evidenceFileUnknown: 'Berkas bukti yang disebut tidak ada pada penilaian ini',
  selfAssessmentSaved: 'Penilaian mandiri berhasil disimpan',
  selfAssessmentSubmitted: 'Penilaian mandiri berhasil diajukan',
  selfAssessmentNotStarted: 'Periode penilaian mandiri belum dimulai',
  selfAssessmentClosed: 'Periode penilaian mandiri sudah berakhir',
  selfAssessmentLocked: 'Penilaian mandiri sudah diajukan dan tidak dapat diubah',
  selfAssessmentReviewed: 'Desa sudah dinilai oleh dinas: penilaian mandiri tidak dapat diubah atau diajukan lagi',
  selfAssessmentIncomplete: 'Penilaian mandiri belum lengkap: isi keenam nilai sebelum mengajukan',
  selfAssessmentMissing: 'Penilaian mandiri belum diisi',
  reviewInvalid: 'Data penilaian tidak valid',
  reviewSaved: 'Penilaian berhasil disimpan dan menjadi skor desa',
  reviewNotStarted: 'Evaluasi belum dimulai',
  dinasOnlyReview: "Akses ditolak. Hanya role 'dinas' yang dapat menilai desa.",
  evaluationStateInvalid: 'Parameter status harus salah satu dari: belum, draf, diajukan, dikembalikan, dinilai',
  // a submission returned for correction, the office's draft review, evidence one file per request (not from the contract)
  dinasOnlyReturn: "Akses ditolak. Hanya role 'dinas' yang dapat mengembalikan penilaian mandiri.",
  returnInvalid: 'Data pengembalian tidak valid',
  selfAssessmentReturned: 'Penilaian mandiri dikembalikan kepada pengelola desa untuk diperbaiki',
  returnNotSubmitted: 'Hanya penilaian mandiri yang sudah diajukan (dan belum dinilai) yang dapat dikembalikan',
  returnReviewed: 'Desa sudah dinilai: penilaian mandiri tidak dapat dikembalikan',
  reviewDraftSaved: 'Draf penilaian berhasil disimpan: belum diterbitkan dan belum menjadi skor desa',
  evidenceUploadInvalid: 'Data unggahan bukti tidak valid',
  evidenceUploaded: 'Berkas bukti berhasil diunggah',
  evidenceFileMissing: 'Pilih satu berkas bukti (foto atau PDF) untuk diunggah',
  evidenceFileTooLarge: 'Berkas terlalu besar: paling besar 4 MB per foto atau PDF.',
  evidenceRemoved: 'Berkas bukti berhasil dihapus',
  evidenceRemoveInvalid: 'Parameter berkas harus berisi kunci berkas bukti yang akan dihapus',
  // `fields` beside a refused evaluation body's message: each field's own text, in the words of the page
  fieldUnknown: 'Isian ini tidak dikenal',
  fieldInvalid: 'Isian ini tidak valid',
  fieldRoundName: 'Nama evaluasi wajib diisi: satu baris, paling banyak 200 karakter',
  fieldRoundStart: 'Tanggal mulai harus tanggal yang benar, antara tahun 2000 dan 2100',
  fieldRoundDeadline: 'Batas penilaian mandiri harus tanggal yang benar, antara tahun 2000 dan 2100',
  fieldRoundEnd: 'Tanggal selesai harus tanggal yang benar, antara tahun 2000 dan 2100',
  fieldRoundDatesOrder: 'Batas penilaian mandiri harus di antara tanggal mulai dan tanggal selesai',
  fieldProvince: 'Provinsi harus satu baris, paling banyak 100 karakter, tanpa tanda #',
  fieldKabupaten: 'Kabupaten harus satu baris, paling banyak 100 karakter, tanpa tanda #',
  fieldKabupatenNeedsProvince: 'Pilih provinsi sebelum memilih kabupaten',
  fieldScorePartisipasiMasyarakat: 'Nilai Partisipasi masyarakat harus 1–100',
  fieldScoreKeragamanPaketWisata: 'Nilai Keragaman paket wisata harus 1–100',
  fieldScoreAksesTempatWisata: 'Nilai Akses tempat wisata harus 1–100',
  fieldScoreKeramahanDifabel: 'Nilai Keramahan difabel harus 1–100',
  fieldScoreFasilitasTempatWisata: 'Nilai Fasilitas tempat wisata harus 1–100',
  fieldScoreProdukTempatWisata: 'Nilai Produk tempat wisata harus 1–100',
  fieldNote: 'Catatan paling banyak 2.000 karakter',
  fieldLinks: 'Tautan harus diawali https:// atau http://; paling banyak 10 tautan per kriteria',
  fieldKeptFiles: 'Daftar berkas bukti yang disimpan tidak valid: paling banyak 5 per kriteria',
  fieldPublish: 'Pilihan terbitkan harus ya (true) atau tidak (false)',
  fieldReturnNote: 'Catatan pengembalian wajib diisi, paling banyak 2.000 karakter',
  fieldEvidenceCriterion: 'Pilih kriteria bukti: salah satu dari enam kriteria penilaian',

  // notifications (not from the contract)
  reminderQueued: 'Pengingat akan dikirim kepada pengelola desa yang belum mengajukan penilaian mandiri',
  reminderAlreadySent: 'Pengingat untuk evaluasi ini sudah dikirim hari ini. Coba lagi besok.',
  reminderOutsidePeriod: 'Pengingat hanya dapat dikirim selama periode penilaian mandiri',
  notificationSettingsSaved: 'Pengaturan notifikasi berhasil disimpan',
  notificationSettingsInvalid: 'Data pengaturan notifikasi tidak valid',
  notificationSettingsEmpty: 'Isi pengingat dan/atau perubahan dengan true atau false',

  // monitoring: monthly reports of a village's figures (not from the contract; docs/monitoring.md)
  reportInvalid: 'Data laporan pemantauan tidak valid',
  reportMonthInvalid:
    'Bulan laporan tidak valid: gunakan format YYYY-MM, dari 2000-01 sampai bulan ini (WIB); bulan yang belum tiba tidak dapat dilaporkan',
  monitoringQueryInvalid: 'Parameter pemantauan tidak valid',
  monitoringRangeInvalid: 'Rentang bulan tidak valid: dari tidak boleh setelah sampai, paling panjang 120 bulan',
  reportSaved: 'Laporan bulanan berhasil disimpan',
  reportVerified: 'Laporan bulanan berhasil diverifikasi',
  reportNotFound: 'Laporan bulan ini belum ada',
  reportVerifiedLocked: 'Laporan bulan ini sudah diverifikasi: hanya dinas atau admin yang dapat mengoreksinya, dengan alasan',
  reportOfficeCorrectsVerified:
    'Akses ditolak. Dinas dan admin hanya dapat mengoreksi laporan yang sudah diverifikasi; laporan bulanan diisi oleh pengelola desa.',
  reportCorrectionReasonMissing: 'Alasan koreksi (alasan) wajib diisi untuk mengubah laporan yang sudah diverifikasi',
  officeOnlyMonitoring: "Akses ditolak. Hanya role 'dinas' atau 'admin' yang dapat memverifikasi laporan dan melihat rekap pemantauan.",
  reportCheckSpike: 'Nilai lebih dari 5× median 12 bulan laporan terakhir desa',
  reportCheckNoRevenue: 'Ada kunjungan wisatawan tetapi pendapatan 0, padahal bulan-bulan sebelumnya ada pendapatan',
  monitoringExportTooLarge: 'Data ekspor pemantauan terlalu besar: paling banyak 75.000 baris; pilih provinsi atau kabupaten',
  reportReminderQueued: 'Pengingat akan dikirim kepada pengelola desa yang belum mengisi laporan bulanan',
  reportReminderAlreadySent: 'Pengingat laporan bulanan untuk wilayah ini sudah dikirim hari ini. Coba lagi besok.',
  reportReminderInvalid: 'Data pengingat laporan bulanan tidak valid',
  fieldReportReminderMonth: 'Bulan (bulan) harus berformat YYYY-MM, dari 2000-01 sampai bulan ini (WIB)',
  fieldReportWisnus: 'Wisatawan nusantara (wisnus) harus bilangan bulat 0–10.000.000',
  fieldReportWisman: 'Wisatawan mancanegara (wisman) harus bilangan bulat 0–10.000.000',
  fieldReportRevenue: 'Pendapatan harus bilangan bulat rupiah 0–100.000.000.000',
  fieldReportJobs: 'Tenaga kerja harus bilangan bulat 0–100.000',
  fieldReportRoomNights: 'Malam inap harus bilangan bulat 0–1.000.000',
  fieldReportReason: 'Alasan harus diisi dengan 1 hingga 2.000 karakter',

  // bulk import, its flow (not from the contract; docs/import.md)
  importQueryInvalid: 'Parameter impor tidak valid',
  importOfficeOnly: "Akses ditolak. Hanya role 'dinas' atau 'admin' yang dapat mengimpor data.",
  importFileMissing: 'Pilih satu berkas XLSX atau CSV (field berkas) untuk diimpor',
  importFileTooLarge: 'Berkas impor terlalu besar: paling besar 4 MB; bagi datanya menjadi beberapa berkas',
  importAccepted: 'Berkas diterima dan sedang diperiksa; belum ada data yang diubah',
  importNotFound: 'Impor tidak ditemukan',
  importNotReady: 'Impor hanya dapat dijalankan sekali, setelah pemeriksaannya selesai dengan status siap',
  importStarted: 'Impor sedang dijalankan',
  importNoValidRow: 'Tidak ada baris yang dapat diimpor: perbaiki baris yang ditolak lalu unggah lagi',
  importFailed: 'Impor berhenti karena kesalahan layanan; baris yang sudah diterapkan tetap tersimpan',
  importRowInvalid: 'Nilai tidak valid',
  importRowDuplicate: 'Baris ini menyangkut data yang sama dengan baris',
  importRowVillageUnknown: 'Tidak ada desa dengan kd_desa ini',
  importRowVillageNotFound: 'Tidak ada desa dengan nama ini di provinsi dan kabupaten ini: isi kd_desa atau periksa ejaannya',
  importRowVillageAmbiguous: 'Ada lebih dari satu desa dengan nama ini di wilayah ini: isi kd_desa',
  importRowVillageNeeded: 'Isi kd_desa, atau nama_desa bersama provinsi dan kabupaten',
  importRowOwnerDiffers:
    'Desa ini dikelola akun dengan e-mail lain: impor tidak memindahkan pengelola desa; isi e-mail pengelolanya sekarang, atau pindahkan lewat ubah desa',
  importRowEmailUnknown: 'Belum ada akun dengan e-mail ini: pengelola mendaftar dulu, lalu impor lagi (impor tidak membuat akun)',
  importRowEmailNotManager: 'Akun dengan e-mail ini bukan pengelola desa',
  importRowEmailUnverified: 'Akun pengelola dengan e-mail ini belum diverifikasi',
  importRowVillageGone: 'Desa ini sudah tidak ada saat impor dijalankan',
  importRowOwnerChanged: 'Pengelola desa ini berubah setelah pemeriksaan: unggah dan periksa lagi',
  importCorrectionReason: 'Dikoreksi lewat impor',
  // bulk import, reading the file (not from the contract; docs/import.md "Membaca berkas")
  importNotSpreadsheet: 'Berkas bukan XLSX atau CSV: unggah berkas Excel (.xlsx) atau CSV',
  importLegacyExcel:
    'Berkas Excel lama (.xls) atau berkas yang dilindungi kata sandi tidak dapat dibaca: simpan sebagai .xlsx tanpa kata sandi, atau sebagai CSV',
  importMacros: 'Berkas berisi makro dan ditolak: simpan sebagai Buku Kerja Excel (.xlsx) biasa, tanpa makro',
  importZipBroken: 'Berkas XLSX rusak atau tidak lengkap: buka lalu simpan ulang di Excel, kemudian unggah lagi',
  importUnpackedTooLarge: 'Isi berkas XLSX terlalu besar setelah dibuka (paling banyak 50 MB): bagi datanya menjadi beberapa berkas',
  importZipBomb: 'Berkas XLSX dipadatkan secara tidak wajar (kemungkinan zip bomb) dan ditolak',
  importSharedStringsTooLarge: 'Tabel teks berkas XLSX terlalu besar (paling banyak 20 MB): bagi datanya menjadi beberapa berkas',
  importTooManyColumns: 'Berkas memiliki terlalu banyak kolom berisi (paling banyak 50): hapus kolom yang tidak ada di template',
  importTooManyRows: 'Berkas berisi lebih dari 20.000 baris data: bagi datanya menjadi beberapa berkas',
  importNoVisibleSheet: 'Berkas XLSX tidak memiliki lembar kerja yang terlihat',
  importNoRows: 'Berkas tidak berisi baris data: isi data di bawah baris judul kolom',
  importCsvUtf16: 'CSV berformat UTF-16 tidak didukung: simpan sebagai "CSV UTF-8 (dibatasi koma)"',
  importCsvQuote: 'CSV tidak valid: ada tanda kutip (") yang tidak ditutup',
  importMergedCells: 'Sel gabungan (merge) dalam berkas tidak wajar: hapus penggabungan sel lalu unggah lagi',
  importUnreadable: 'Berkas tidak dapat dibaca sebagai XLSX atau CSV: simpan ulang dari Excel lalu unggah lagi',
  importColumnsUnknown: 'Kolom tidak dikenal (gunakan judul kolom dari template)',
  importColumnsMissing: 'Kolom wajib tidak ada',
  importColumnsIdentityMissing: 'Kolom kd_desa, atau kolom nama_desa bersama provinsi dan kabupaten, harus ada',
  importColumnsRepeated: 'Judul kolom muncul lebih dari sekali',
  importColumnsUntitled: 'Ada kolom berisi data tanpa judul kolom',
  importCellTooLong: 'Isi sel terlalu panjang: paling banyak 2.000 karakter',
  importCellFormulaNoValue: 'Sel berisi rumus tanpa nilai tersimpan: buka dan simpan ulang berkas di Excel, atau ketik nilainya',
  importFieldKdDesa: 'Kode desa harus satu baris, paling banyak 100 karakter',
  importFieldVillageName: 'Nama desa wajib diisi, paling banyak 150 karakter',
  importFieldPopularName: 'Nama populer wajib diisi, paling banyak 150 karakter',
  importFieldProvince: 'Provinsi wajib diisi: satu baris, paling banyak 100 karakter, tanpa tanda #',
  importFieldKabupaten: 'Kabupaten wajib diisi: satu baris, paling banyak 100 karakter, tanpa tanda #',
  importFieldAddress: 'Alamat wajib diisi, paling banyak 500 karakter',
  importFieldManager: 'Nama pengelola wajib diisi, paling banyak 150 karakter',
  importFieldPhone: 'Nomor telepon harus 5–25 karakter: angka, boleh diawali + dan berisi spasi, tanda kurung, atau tanda hubung',
  importFieldEmail: 'Email pengelola harus alamat email yang benar',
  importFieldLatitude: 'Latitude harus angka -90 sampai 90 (misalnya -8,3405)',
  importFieldLongitude: 'Longitude harus angka -180 sampai 180 (misalnya 115,092)',
  importFieldCoordinatesPair: 'Isi latitude dan longitude bersama-sama, atau kosongkan keduanya',
  importFieldMonth:
    'Bulan tidak dikenali atau di luar rentang: tulis misalnya 2025-01, Januari 2025, atau sebuah tanggal; dari 2000-01 sampai bulan ini (WIB)',
  importRefusedMessageColumn: 'Pesan',
  importRefusedRowLabel: 'Baris',

  // users
  includeDesaInvalid: 'Parameter includeDesa harus true atau false',
} as const;

/** A message followed by the fields it concerns: "Data desa wisata tidak valid: email, nama_desa". */
export const withFields = (message: string, fields: string[]): string =>
  fields.length ? `${message}: ${[...new Set(fields)].join(', ')}` : message;
