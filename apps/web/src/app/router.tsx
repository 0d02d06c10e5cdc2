import { createHashRouter } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { FullPageLoader, SessionGate } from '../features/auth/SessionGate';
import { AppLayout } from './AppLayout';
import { RootRoute } from './RootRoute';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Hash routes, as the spec writes them (#/, #/login, #/register, ...). Login and the shell are in the
 * first bundle; every area is a lazy route (`lazy: () => import(...)`, the module exports `Component`),
 * so each new area costs the tablet nothing until someone opens it.
 */
export const router = createHashRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: 'login', element: <LoginPage /> },
      {
        element: <SessionGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, lazy: () => import('../features/home/HomePage') },
              { path: 'add', lazy: () => import('../features/events/EventEditorPage') },
              { path: 'capture', lazy: () => import('../features/events/EventEditorPage') },
              { path: 'edit/:ids', lazy: () => import('../features/events/EventEditorPage') },
              { path: 'view/:eventID', lazy: () => import('../features/events/care/EventViewPage') },
              { path: 'draft/:eventID?', lazy: () => import('../features/drafts/DraftsPage') },
              { path: 'sync', lazy: () => import('../features/sync/SyncPage') },
              { path: 'settings/device', lazy: () => import('../features/settings/DevicePage') },
              // Next areas go here, each lazy, e.g.
              // { path: 'register/:date?', lazy: () => import('../features/register/RegisterPage') },
              { path: '*', lazy: () => import('../features/not-found/NotFoundPage') },
            ],
          },
        ],
      },
    ],
  },
]);
