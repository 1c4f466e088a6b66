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
