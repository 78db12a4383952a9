import { Link, Route, Routes } from 'react-router';
import { Layout, Notice, SignInGate } from '../core/components';
import { mount } from '../core/mount';
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
function App() {
  return (
    <Layout page="impor">
      <SignInGate>
        {(s) =>
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
          )
        }
      </SignInGate>
    </Layout>
  );
}

function NotFound() {
  return (
    <>
      <Notice kind="error">{T.notFound}</Notice>
      <p>
        <Link to="/">{T.backHome}</Link>
      </p>
    </>
  );
}

mount('impor', <App />);
