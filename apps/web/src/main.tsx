import './app/mantine-styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchShell } from './app/api.ts';
import { App, createQueryClient } from './app/app.tsx';
import { readBootFrame } from './app/boot-frame.ts';
import { applyDeferredStyles } from './app/boot-styles.ts';
import { i18n, initI18n } from './app/i18n/i18n.ts';
import { adoptViewFromUrl } from './app/layout/view-preference.ts';
import { registerServiceWorker } from './app/pwa/register-service-worker.ts';
import { setLanguageSource } from './app/session/client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

readBootFrame(root);
adoptViewFromUrl();
setLanguageSource(() => i18n.language || 'en');
const container = root;
registerServiceWorker();
const queryClient = createQueryClient();
prefetchShell(queryClient);
void Promise.all([initI18n(), applyDeferredStyles()]).then(() => {
  const reactRoot = createRoot(container);
  // The first render as a transition: React renders in slices and lets the browser paint and
  // answer taps between them, instead of one long task on a slow phone (the frame index.html
  // painted stays until the commit).
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
