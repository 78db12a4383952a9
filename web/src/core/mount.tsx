import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Layout, SignInGate } from './components';
import type { Session } from './session';
import type { T } from './texts';
import './style.css';

type Page = keyof typeof T.nav;

/** Mounts a page's app under its own path (/evaluasi, …): every view inside has a URL of its own. */
export function mount(page: Page, app: ReactNode) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter basename={`/${page}`}>{app}</BrowserRouter>
    </StrictMode>,
  );
}

/** Mounts a page for signed-in people only: its frame, the sign-in form until someone signs in, then `views(session)`. */
export function mountSignedIn(page: Page, views: (session: Session) => ReactNode) {
  mount(
    page,
    <Layout page={page}>
      <SignInGate>{views}</SignInGate>
    </Layout>,
  );
}
