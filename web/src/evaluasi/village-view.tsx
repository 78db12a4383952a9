import { useEffect } from 'react';
import { useParams } from 'react-router';
import { api } from '../core/api';
import { isOffice, type Session } from '../core/session';
import { T } from '../core/texts';
import { useLoad } from './hooks';
import { BackLink, LoadState, regionOf, RoundFacts, StateBadge } from './parts';
import { ReviewForm } from './review-form';
import { SelfAssessmentForm } from './self-assessment';
import type { Assessment, Round, Village } from './types';

const E = T.evaluasi;

export interface VillageContext {
  round: Round;
  village: Village;
  assessment: Assessment;
  /** The assessment as the API answered after an action. */
  onAssessment: (a: Assessment) => void;
  path: string;
}

/** /evaluasi/:id/desa/:kd: a manager's self-assessment form, or the office's review beside the submission. */
export function VillageView({ session }: { session: Session }) {
  const { id = '', kd = '' } = useParams();
  const path = `/api/evaluasi/${encodeURIComponent(id)}/desa/${encodeURIComponent(kd)}`;
  const loaded = useLoad(async () => {
    const [round, village, assessment] = await Promise.all([
      api<Round>('GET', `/api/evaluasi/${encodeURIComponent(id)}`),
      api<Village>('GET', `/api/desa-wisata/${encodeURIComponent(kd)}`),
      api<Assessment>('GET', path),
    ]);
    return { round: round.data, village: village.data, assessment: assessment.data };
  }, [id, kd]);
  useEffect(() => {
    if (loaded.data) document.title = `${loaded.data.village.nama_desa} · ${loaded.data.round.nama} · ${T.appName}`;
  }, [loaded.data]);
  if (!loaded.data) return <LoadState loaded={loaded} notFound={E.notFound} />;
  const { round, village, assessment } = loaded.data;
  const ctx: VillageContext = {
    round,
    village,
    assessment,
    path,
    onAssessment: (a) => loaded.set({ round, village, assessment: a }),
  };
  return (
    <>
      <BackLink to={`/${encodeURIComponent(id)}`}>{E.backToRound}</BackLink>
      <div className="heading-row">
        <h1>{village.nama_desa}</h1>
        <StateBadge state={assessment.status} />
      </div>
      <p className="muted">
        {regionOf(village)} · {E.village.round}: <strong>{round.nama}</strong>
      </p>
      <RoundFacts round={round} noRegion />
      {isOffice(session) ? <ReviewForm {...ctx} canReview={session.user.role === 'dinas'} /> : <SelfAssessmentForm {...ctx} />}
    </>
  );
}
