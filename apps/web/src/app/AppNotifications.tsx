// The notification stack (toasts), loaded on demand (app/RootRoute.tsx): the login screen does not
// need it. Its styles come with it: Mantine's Notification component (also in the shell's full set)
// and the stack's own, both in the `mantine` cascade layer like the rest of Mantine's CSS.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

export function AppNotifications() {
  return <Notifications position="top-center" limit={3} zIndex={1000} />;
}
