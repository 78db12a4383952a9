import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../lib/openapi/document';
import { API_DOCS_PATH, renderApiDocs, renderApiMarkdown } from '../../scripts/api-docs';

/**
 * docs/api.md is the contract as the repository's own document. It is generated from the
 * OpenAPI document the service serves; this test keeps the committed file equal to it.
 */
describe('docs/api.md', () => {
  it('is what `npm run docs:api` renders from the code now', async () => {
    const committed = readFileSync(API_DOCS_PATH, 'utf8');
    const rendered = await renderApiDocs();
    if (rendered !== committed) {
      const a = committed.split('\n');
      const b = rendered.split('\n');
      const found = a.findIndex((l, i) => l !== b[i]);
      const line = found === -1 ? a.length : found;
      expect.fail(
        `docs/api.md is out of date: run npm run docs:api (first difference at line ${line + 1}:\n` +
          `  committed: ${a[line] ?? '<end of file>'}\n  rendered:  ${b[line] ?? '<end of file>'})`,
      );
    }
  });

  it('holds every route and the exact contract texts', () => {
    const doc = buildOpenApiDocument();
    const md = renderApiMarkdown(doc);
    for (const [path, ops] of Object.entries(doc.paths))
      for (const method of Object.keys(ops)) expect(md, `${method} ${path}`).toContain(`### ${method.toUpperCase()} ${path}\n`);
    for (const text of [
      'Akses ditolak. Token tidak ditemukan.',
      'Token tidak valid atau sudah kadaluarsa',
      'Email atau password salah',
      'Akun belum diverifikasi. Silakan tunggu verifikasi dari admin.',
      'Akses ditolak. Anda hanya dapat mengelola desa wisata milik Anda sendiri.',
      'Deskripsi wisata tidak ditemukan',
      'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
    ])
      expect(md).toContain(`\`${text}\``);
    // Access sentences, request fields and success shapes are there too.
    expect(md).toContain('**Access:** Bearer token of role `admin`');
    expect(md).toMatch(/\| `password` +\| string \(8–128 chars\) +\| yes/);
    expect(md).toContain('`data.atraksi[].nama_atraksi`');
    expect(md).toContain('"Registrasi berhasil.');
  });

  it('is deterministic and has no time stamps', () => {
    const doc = buildOpenApiDocument();
    const md = renderApiMarkdown(doc);
    expect(renderApiMarkdown(buildOpenApiDocument())).toBe(md);
    expect(md).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
  });
});
