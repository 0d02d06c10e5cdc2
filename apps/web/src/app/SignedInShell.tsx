// All of Mantine's styles (the first screen loads only its own part, main.tsx), in the `mantine` cascade
// layer like that part, so arriving after the app's CSS changes nothing in the cascade. Lazy screens'
// other Mantine styles (@mantine/dates) come with their chunks, in the same layer.
import '@mantine/core/styles.layer.css';
import { useEffect } from 'react';
import { ConfirmDialogHost } from '../components/ConfirmDialogHost';
import { UserSettingsApplier } from '../features/profile';
import { OfflineFirstSecond } from '../features/sync';
import { whenFirstScreenUp } from '../lib/firstScreen';
import { AppLayout } from './AppLayout';
import { loadNotifications, registerServiceWorkerNow } from './chunks';
import { loadFloorScreens } from './floorScreens';

/**
 * What a signed-in user gets on top of the first screen, fetched once the session gate lets them through
 * (app/router.tsx): the app shell, the readiness banner of a device not yet ready to work offline (issue
 * 27), the confirmation dialogs' host (components/confirmDialog.tsx is used
 * by signed-in screens only; the dialog's code loads after the first screen) and the rest of Mantine's CSS.
 */
export function SignedInShell() {
  // Toasts are shown from the signed-in screens: have their code ready (app/RootRoute.tsx mounts them),
  // once the first screen is up (lib/firstScreen.ts); a toast before that fetches it itself.
  useEffect(() => {
    void whenFirstScreenUp().then(() => {
      void loadNotifications();
      // The floor screens' code in this page at once (issue 27): the network may go a second later.
      void loadFloorScreens();
    });
  }, []);
  // The service worker as soon as a signed-in user is through (issue 27): after a login on this page
  // too, not only at a start that was already signed in (app/router.tsx).
  useEffect(() => {
    void registerServiceWorkerNow();
  }, []);
  return (
    <>
      <AppLayout />
      <OfflineFirstSecond />
      <ConfirmDialogHost />
      <UserSettingsApplier />
    </>
  );
}
