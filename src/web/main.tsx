import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The toast library's stylesheet first, so ours can adjust its variables.
import 'react-toastify/ReactToastify.css';
import './styles.css';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Off the critical path: the library's observers are buffered, so late is early enough.
void import('./lib/report-web-vitals.ts').then(({ reportWebVitals }) => reportWebVitals());
