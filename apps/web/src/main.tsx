// zod's jitless mode first, before any schema is used (issue 27: no CSP violation on load).
import './zodJitless';
// The first screen's styles only (issue 13, "first screen weight"): Mantine's base and the components
// of the pages outside the app shell (login, site picker, "no site", load errors, the loader), in the
// order of Mantine's own styles.css. The rest of Mantine's CSS comes with the signed-in shell
// (app/AppLayout.tsx). All of it is in the `mantine` cascade layer, so the app's own CSS wins whatever
// order the files arrive in. A new component on those pages: add its .layer.css here.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import './app/global.css';
import './app/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { hasSignedInHint } from './lib/signedInHint';
import { applyDeviceUserSettings } from './lib/userSettings';

// The user's input colour and line height from this device's copy before the first paint (issue 30):
// no white boxes until the configuration arrives. A signed-out start shows the defaults.
if (hasSignedInHint()) applyDeviceUserSettings();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
// Bench only (bench/scenarios/sync.ts): the outbox hooks, loaded when the flag is set.
if (localStorage.getItem('nursery.benchHooks') === '1') void import('./lib/offline/benchHooks');
