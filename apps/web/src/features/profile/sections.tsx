// The profile's accordion sections, in the spec's order (§2 "Profile accordion": contact details,
// address details, biography, change password, change PIN, change security question, accessibility,
// session timeout, notification settings, account logout buttons, help, feedback and privacy links).
// Each section is its own component in sections/; the page renders them from this list.
import type { ComponentType } from 'react';
import type { ProfileStrings } from '.';
import { AccessibilitySection } from './sections/AccessibilitySection';
import { AccountSection } from './sections/AccountSection';
import { ChangePasswordSection } from './sections/ChangePasswordSection';
import { ChangePinSection } from './sections/ChangePinSection';
import { AddressDetailsSection, BiographySection, ContactDetailsSection } from './sections/DetailsSection';
import { HelpLinksSection } from './sections/HelpLinksSection';
import { NotificationSettingsSection } from './sections/NotificationSettingsSection';
import { SecurityQuestionSection } from './sections/SecurityQuestionSection';
import { SessionTimeoutSection } from './sections/SessionTimeoutSection';
import { SignInElsewhereSection } from './sections/SignInElsewhereSection';

export interface ProfileSection {
  /** The section's id: `#/profile?section=<id>` opens it, and e2e specs find it by `profile-<id>`. */
  id: string;
  titleKey: keyof ProfileStrings;
  Component: ComponentType;
}

export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  { id: 'contact', titleKey: 'profile-section-contact', Component: ContactDetailsSection },
  { id: 'address', titleKey: 'profile-section-address', Component: AddressDetailsSection },
  { id: 'biography', titleKey: 'profile-section-biography', Component: BiographySection },
  { id: 'password', titleKey: 'profile-section-password', Component: ChangePasswordSection },
  { id: 'pin', titleKey: 'profile-section-pin', Component: ChangePinSection },
  {
    id: 'security-question',
    titleKey: 'profile-section-security-question',
    Component: SecurityQuestionSection,
  },
  { id: 'accessibility', titleKey: 'profile-section-accessibility', Component: AccessibilitySection },
  { id: 'timeout', titleKey: 'profile-section-timeout', Component: SessionTimeoutSection },
  { id: 'notifications', titleKey: 'profile-section-notifications', Component: NotificationSettingsSection },
  {
    id: 'sign-in-elsewhere',
    titleKey: 'profile-section-sign-in-elsewhere',
    Component: SignInElsewhereSection,
  },
  { id: 'account', titleKey: 'profile-section-account', Component: AccountSection },
  { id: 'help', titleKey: 'profile-section-help', Component: HelpLinksSection },
];
