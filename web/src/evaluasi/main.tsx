import type { ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router';
import { Notice, NotFound } from '../core/components';
import { mountSignedIn } from '../core/mount';
import { isOffice, type Session } from '../core/session';
import { T } from '../core/texts';
import { PrintView } from './print-view';
import { RoundForm } from './round-form';
import { RoundList } from './round-list';
import { RoundView } from './round-view';
import { VillageView } from './village-view';
import './evaluasi.css';

/**
 * /evaluasi: every view has its own URL (Back, reload and a shared link work): the rounds, a
 * round's form, a round (the office's rekap, a manager's villages), its print view, and one
 * village's self-assessment and review.
 */
mountSignedIn('evaluasi', (s) => (
  <Routes>
    <Route path="/" element={<RoundList session={s} />} />
    <Route path="/baru" element={<Office session={s}>{<RoundForm />}</Office>} />
    <Route path="/:id" element={<RoundView session={s} />} />
    <Route path="/:id/ubah" element={<Office session={s}>{<RoundForm />}</Office>} />
    <Route path="/:id/cetak" element={<Office session={s}>{<PrintView />}</Office>} />
    <Route path="/:id/desa/:kd" element={<VillageView session={s} />} />
    <Route path="*" element={<NotFound back={T.evaluasi.back} />} />
  </Routes>
));

/** A view for dinas and admin only; a manager who follows a link to it is told so. */
function Office({ session, children }: { session: Session; children: ReactNode }) {
  if (isOffice(session)) return <>{children}</>;
  return (
    <>
      <Notice kind="info">{T.evaluasi.officeOnly}</Notice>
      <p>
        <Link to="/">{T.evaluasi.back}</Link>
      </p>
    </>
  );
}
