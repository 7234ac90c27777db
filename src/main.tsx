import '@/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { startFormOutbox } from '@/app/form-outbox';
import { installPreloadRecovery } from '@/app/pwa/preload-recovery';

// index.html carries static head defaults for clients without JavaScript; the pages render
// their own head (PageHead), so drop the defaults to avoid duplicates.
for (const node of document.head.querySelectorAll('[data-default-head]')) node.remove();

installPreloadRecovery();
startFormOutbox();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
