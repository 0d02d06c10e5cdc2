// Settings screens (only "This device" so far; its strings are the offline shell's, lib/offline/strings.ts).
import type { RouteObject } from 'react-router';

export const settingsRoutes: RouteObject[] = [
  { path: 'settings/device', lazy: () => import('./DevicePage') },
];
