import { wantsLink } from '../../lib/domain/export';
import { importTemplate, importTemplateQuery } from '../../lib/domain/import';
import { fileAnswer } from '../../lib/http/file-answer';
import { route } from '../../lib/http/handler';

/** GET /api/impor/template?jenis=&provinsi=: the template of an import, as XLSX. */
export const handler = route({ query: importTemplateQuery }, async ({ query, headers }) =>
  fileAnswer(await importTemplate(query.jenis, query.provinsi), headers, wantsLink(query)),
);
