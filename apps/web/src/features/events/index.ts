// Events (spec 000): the add/edit screen with its general, assessment and care panels, and the view.
import type { RouteObject } from 'react-router';
import { PlusIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';
import { assessmentStrings } from './assessment/strings';
import { careStrings } from './care/strings';
import { eventStrings } from './strings';

const editorPage = () => import('./EventEditorPage');

export const eventsRoutes: RouteObject[] = [
  { path: 'add', lazy: editorPage },
  { path: 'capture', lazy: editorPage },
  { path: 'edit/:ids', lazy: editorPage },
  { path: 'view/:eventID', lazy: () => import('./view/EventViewPage') },
];

export const eventsNavigation: NavigationEntry = {
  to: '/add',
  labelKey: 'nav-add',
  icon: PlusIcon,
  qa: 'nav-add',
};

export const eventsStrings = { ...eventStrings, ...assessmentStrings, ...careStrings } as const;
