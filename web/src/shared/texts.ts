/**
 * Every text the pages show themselves, once (the API's own messages are shown as the API
 * sends them). Plain Indonesian, naming what the person sees, never an API field.
 */
export const T = {
  appName: 'Desa Wisata',
  nav: { evaluasi: 'Evaluasi', statistik: 'Statistik', akun: 'Akun' },
  signIn: {
    title: 'Masuk',
    email: 'E-mail',
    password: 'Kata sandi',
    submit: 'Masuk',
    emailMissing: 'E-mail wajib diisi',
    passwordMissing: 'Kata sandi wajib diisi',
    signOut: 'Keluar',
    signedOut: 'Anda sudah keluar.',
    expired: 'Sesi Anda berakhir. Silakan masuk lagi.',
  },
  roles: { pengelola: 'Pengelola', dinas: 'Dinas', admin: 'Admin' } as Record<string, string>,
  offline: 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi.',
  httpFailed: (status: number) => `Permintaan gagal (kode ${status}). Coba lagi sebentar lagi.`,
  summaryTitle: (n: number) => (n === 1 ? 'Ada 1 isian yang perlu diperbaiki:' : `Ada ${n} isian yang perlu diperbaiki:`),
  busy: 'Memproses…',
  confirm: { cancel: 'Batal' },
  loading: 'Memuat…',
  notFound: 'Halaman ini tidak ditemukan.',
  backHome: 'Kembali ke awal',
  months: ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'],
  daysLeft: (n: number) =>
    n > 1 ? `${n} hari lagi` : n === 1 ? 'besok hari terakhir' : n === 0 ? 'hari ini hari terakhir' : 'sudah lewat',
} as const;
