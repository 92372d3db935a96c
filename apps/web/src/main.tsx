import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { adoptTokenFromUrl } from './app/url-token.ts';
import { installGlobalErrorHandlers, recordError } from './lib/error-log.ts';
import { initI18n } from './lib/i18n.ts';

installGlobalErrorHandlers();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// Texts first: every screen, including the first error message, reads them.
await initI18n();
// Before the router's first match, so the guard already sees a session handed over in the address (asking
// first when another account is logged in, hence after the texts).
await adoptTokenFromUrl();

createRoot(container, {
  // React reports the component stack here, which the error log keeps (spec §4).
  onCaughtError: (error, info) => recordError(error, info.componentStack),
  onUncaughtError: (error, info) => recordError(error, info.componentStack),
}).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
