import { MESSAGES_EN_GB } from '@nursery/domain/common';
import { type AboutStrings, aboutMenuStrings } from '../features/about';
import type { AnonymousAccountStrings } from '../features/anonymous-account';
import { type AuditStrings, auditNavStrings } from '../features/audit';
import { authStrings } from '../features/auth';
import type { ChildPageStrings } from '../features/child';
import { childrenStrings } from '../features/children';
import type { ConversationsStrings } from '../features/conversations';
import { draftsStrings } from '../features/drafts';
import { type EmergencyStrings, emergencyNavStrings } from '../features/emergency';
import { type EventScreenStrings, eventsStrings } from '../features/events';
import { type HomeWidgetStrings, homeStrings } from '../features/home';
import type { MedicationStrings } from '../features/medication';
import { notFoundStrings } from '../features/not-found';
import { type NotificationsStrings, notificationsNavStrings } from '../features/notifications';
import { type ProfileStrings, profileMenuStrings } from '../features/profile';
import { type RegisterStrings, registerNavStrings } from '../features/register';
import { type ReportsStrings, reportsNavStrings } from '../features/reports';
import { type SettingsStrings, settingsMenuStrings } from '../features/settings';
import { type SpotlightStrings, spotlightNavStrings } from '../features/spotlight';
import type { StaffPageStrings } from '../features/staff';
import { type StaffRegisterStrings, staffRegisterNavStrings } from '../features/staff-register';
import { syncStrings } from '../features/sync';
import { type TimelineStrings, timelineNavStrings } from '../features/timeline';
import type { TokenLoginStrings } from '../features/token-login';
import { initI18n } from '../lib/i18n';
import { uiStrings } from '../lib/locales/en-GB';
import { offlineStrings } from '../lib/offline/strings';

/**
 * Every en-GB string of the app in one namespace: the domain's shared messages (server error codes,
 * alerts), the shell's, and each feature's (from its index.ts). i18next.d.ts types `t` from this object,
 * so a new feature's strings listed here are typed keys at once.
 */
export const translation = {
  ...MESSAGES_EN_GB,
  ...uiStrings,
  ...offlineStrings,
  ...authStrings,
  ...homeStrings,
  ...eventsStrings,
  ...childrenStrings,
  ...draftsStrings,
  ...registerNavStrings,
  ...staffRegisterNavStrings,
  ...emergencyNavStrings,
  ...notificationsNavStrings,
  ...profileMenuStrings,
  ...aboutMenuStrings,
  ...reportsNavStrings,
  ...auditNavStrings,
  ...settingsMenuStrings,
  ...spotlightNavStrings,
  ...timelineNavStrings,
  ...syncStrings,
  ...notFoundStrings,
} as const;

/**
 * The keys of strings a lazy screen adds to i18next when its module loads (kept out of the login + Home
 * bundle): typed here with the rest.
 */
export type Translation = typeof translation &
  AnonymousAccountStrings &
  RegisterStrings &
  StaffRegisterStrings &
  EmergencyStrings &
  ChildPageStrings &
  EventScreenStrings &
  NotificationsStrings &
  ProfileStrings &
  AboutStrings &
  TimelineStrings &
  MedicationStrings &
  HomeWidgetStrings &
  ReportsStrings &
  AuditStrings &
  SettingsStrings &
  StaffPageStrings &
  SpotlightStrings &
  TokenLoginStrings &
  ConversationsStrings;

initI18n(translation);
