import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installGlobalErrorHandlers } from './lib/global-handlers';
import './index.css';

installGlobalErrorHandlers();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The first render as a transition: React renders it in slices and lets the browser
// breathe between them, instead of one long task while the page is still loading.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
