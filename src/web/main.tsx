import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { readEmbeddedData } from './app/ssr/embedded-data.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// A public page arrives rendered, with its data: load its page chunk, then hydrate it as it is.
// Other pages (dashboard, purchase) arrive as an empty shell and render here.
const embedded = readEmbeddedData(document);
if (embedded) {
  // A chunk that fails to load (a new deployment) is retried by the page itself, via Suspense.
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App dehydratedState={embedded.queries} />
        </StrictMode>,
      );
    });
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Off the critical path: the library's observers are buffered, so late is early enough.
void import('./lib/report-web-vitals.ts').then(({ reportWebVitals }) => reportWebVitals());
