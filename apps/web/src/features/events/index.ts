// Events (spec 000): the add/edit screen with its general, assessment and care panels, and the view.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PlusIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';
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

export const eventsStrings = eventStrings;

/** The assessment, care and media panels' strings load with the editor and the view (screenStrings.ts). */
export type EventScreenStrings = typeof import('./screenStrings').eventScreenStrings;

// What other features use of events (features import each other only through index.ts).
export { addableTypes } from './addableTypes';
export { type BulkAnswer, eventsApi, saveEvent } from './api';
export { findMeal } from './care/meals';
export { mealsQuery, useMeals } from './care/useMeals';
// The medication record (features/medication) asks before leaving with unsaved changes as this editor does.
export { useLeaveGuard } from './editor/useLeaveGuard';
// The one form model (issue 28): every event type's form, Spotlight's snapshots and learning stories too.
export {
  type EditedEvent,
  type FormUpdate,
  formFromAnswer,
  newForm,
  problemsOf,
  spotlightAnswer,
  switchType,
} from './form/model';
export {
  contentBadgeKey,
  type FormConsideration,
  type FormGrading,
  type FormMedia,
  type SpotlightForm,
  type SpotlightProblem,
  spotlightTextFields,
  type TextField,
  type TextLimits,
  textFieldsOf,
  toUpdateInput,
  withConsideration,
  withListedMediaOnly,
  withMediaTokens,
  withoutMedia,
} from './form/spotlightPart';
// The Spotlight editor keeps its form on the device as this editor does (issue 13).
export type { DraftableForm } from './formDraft';
export { type FormDraftOffer, useFormDraft } from './formDraftHook';
// The editors' one media section (issue 28): Spotlight's media grid uses it as the media panel does
// (rights, uploader, local previews, waiting files, removal, the file input, the tile's remove button).
export { acceptForPick, type MediaPick, mediaSources, withUploading } from './media/attachedMedia';
export { MediaFileInput } from './media/MediaFileInput';
export { MediaRemoveButton } from './media/MediaRemoveButton';
export { MediaUploadList } from './media/MediaUploadList';
export { MediaWaitingBadge } from './media/MediaWaitingBadge';
export { mediaFileUrl, mediaThumbnailUrl, uploadMedia } from './media/mediaApi';
// The device's photo preparation (upright, scaled down, re-encoded in a worker): the profile photo too.
export { PhotoUnreadable, preparePhoto } from './media/photoPrep';
export { sendWaitingFiles } from './media/sendWaitingFiles';
export { useAttachedMedia } from './media/useAttachedMedia';
// Spotlight's save asks as this editor's does before a photo of a child without photo consent (issue 27).
export { askPhotoConsent } from './photoConsentConfirm';
export {
  eventDetailQuery,
  eventKeys,
  frameworksQuery,
  siteChildrenQuery,
  useFrameworks,
  useSiteChildren,
} from './queries';
export { RestoreDraftDialog } from './RestoreDraftDialog';
// The uploader's strings (media checks, progress, Retry) for an editor outside this feature.
export { addEventScreenStrings } from './screenStrings';

/**
 * The read-only event dialog for other screens (the drafts preview), loaded when first shown so that
 * it stays out of the shell's bundle; render it inside a Suspense boundary.
 */
export const EventViewDialog = lazy(() =>
  import('./view/EventViewDialog').then((m) => ({ default: m.EventViewDialog })),
);
export type { EventViewLink } from './view/EventViewDialog';
/** The dialog's body, read-only, for the events drawer (features/timeline); in a Suspense boundary. */
export const EventViewBody = lazy(() =>
  import('./view/EventViewDialog').then((m) => ({ default: m.EventView })),
);
/** The history view's button and dialog (viewEventHistory), for the events drawer; in a Suspense boundary. */
export const EventHistoryButton = lazy(() =>
  import('./view/EventViewDialog').then((m) => ({ default: m.HistoryButton })),
);
