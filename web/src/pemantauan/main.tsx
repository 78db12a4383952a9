import { Route, Routes } from 'react-router';
import { NotFound } from '../core/components';
import { mountSignedIn } from '../core/mount';
import { isOffice } from '../core/session';
import { ManagerHome } from './manager-home';
import { OfficeHome } from './office-home';
import { VillageView } from './village-view';
import './pemantauan.css';

/**
 * /pemantauan: each village's monthly figures. A manager sees his villages' last 12 months and
 * reports a month; an office sees its region's months, who has not reported and what to check.
 * /pemantauan/desa/:kd_desa is one village's months (mails link there).
 */
mountSignedIn('pemantauan', (s) => (
  <Routes>
    <Route path="/" element={isOffice(s) ? <OfficeHome /> : <ManagerHome session={s} />} />
    <Route path="/desa/:kd" element={<VillageView session={s} />} />
    <Route path="*" element={<NotFound />} />
  </Routes>
));
