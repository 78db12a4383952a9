import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './style.css';

/** Mounts a page's app under its own path (/evaluasi, …): every view inside has a URL of its own. */
export function mount(page: string, app: ReactNode) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter basename={`/${page}`}>{app}</BrowserRouter>
    </StrictMode>,
  );
}
