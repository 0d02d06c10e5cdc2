// The profile's accordion sections, in the spec's order (§2 "Profile accordion": contact details,
// address details, biography, change password, change PIN, change security question, accessibility,
// session timeout, notification settings, account logout buttons, help, feedback and privacy links).
// Each section is its own component in sections/; the page renders them from this list.
import type { ComponentType } from 'react';
import type { ProfileStrings } from '.';
import { AccessibilitySection } from './sections/AccessibilitySection';
import { HelpLinksSection } from './sections/HelpLinksSection';
import { NotificationSettingsSection } from './sections/NotificationSettingsSection';

export interface ProfileSection {
  /** The section's id: `#/profile?section=<id>` opens it, and e2e specs find it by `profile-<id>`. */
  id: string;
  titleKey: keyof ProfileStrings;
  Component: ComponentType;
}

export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  { id: 'accessibility', titleKey: 'profile-section-accessibility', Component: AccessibilitySection },
  { id: 'notifications', titleKey: 'profile-section-notifications', Component: NotificationSettingsSection },
  { id: 'help', titleKey: 'profile-section-help', Component: HelpLinksSection },
];
