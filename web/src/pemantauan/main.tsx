import { Link, Route, Routes } from 'react-router';
import { Layout, Notice, SignInGate } from '../core/components';
import { mount } from '../core/mount';
import { isOffice } from '../core/session';
import { T } from '../core/texts';
import { ManagerHome } from './manager-home';
import { OfficeHome } from './office-home';
import { VillageView } from './village-view';
import './pemantauan.css';

/**
 * /pemantauan: each village's monthly figures. A manager sees his villages' last 12 months and
 * reports a month; an office sees its region's months, who has not reported and what to check.
 * /pemantauan/desa/:kd_desa is one village's months (mails link there).
 */
function App() {
  return (
    <Layout page="pemantauan">
      <SignInGate>
        {(s) => (
          <Routes>
            <Route path="/" element={isOffice(s) ? <OfficeHome /> : <ManagerHome session={s} />} />
            <Route path="/desa/:kd" element={<VillageView session={s} />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        )}
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

mount('pemantauan', <App />);
