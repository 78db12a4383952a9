import { Route, Routes } from 'react-router';
import { NotFound } from '../core/components';
import { mountSignedIn } from '../core/mount';
import { isOffice } from '../core/session';
import { T } from '../core/texts';
import { ImportHome } from './home';
import { ImportView } from './view';
import './impor.css';

const I = T.impor;

/**
 * /impor: an office brings its villages or monthly figures in from a spreadsheet (docs/import.md):
 * choose the kind, download its template, upload; past imports below. /impor/:id_impor is one
 * import: the check's result, the refused rows, "Jalankan impor", its progress and outcome.
 * A manager sees why the page is not his.
 */
mountSignedIn('impor', (s) =>
  isOffice(s) ? (
    <Routes>
      <Route path="/" element={<ImportHome />} />
      <Route path="/:id" element={<ImportView />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  ) : (
    <section className="card narrow" data-office-only>
      <h1>{I.officeOnlyTitle}</h1>
      <p>{I.officeOnly}</p>
      <p>
        <a href="/pemantauan">{I.toPemantauan}</a>
      </p>
    </section>
  ),
);
