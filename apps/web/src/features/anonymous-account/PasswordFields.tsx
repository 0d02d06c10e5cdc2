// The new password, its confirmation and the strength meter (activation, both resets). Every control at
// least 44 px tall, the eye toggle 44 × 44 (as the login page's).
import { PasswordInput, Stack, Text } from '@mantine/core';
import type { PasswordStrength } from '@nursery/domain/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblems } from './forms';

export const PASSWORD_INPUT_STYLES = {
  input: { minHeight: 46 },
  innerInput: { minHeight: 44 },
  visibilityToggle: { width: 44, height: 44, minWidth: 44, minHeight: 44 },
} as const;

const METER_COLOURS = ['red', 'red', 'yellow', 'teal', 'green'] as const;

/** What PasswordFields shows and changes: the two values, their problems (translated) and the strength. */
export interface NewPasswordFields {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  passwordError?: string;
  confirmationError?: string;
  strength: PasswordStrength;
}

/**
 * A new password and its confirmation as a screen holds them: the values, whether they pass (strength
 * against the user's own words, and the confirmation with the screen's mismatch message) and the fields.
 */
export function useNewPassword(
  userInputs: readonly string[],
  mismatchKey: Parameters<typeof newPasswordProblems>[2],
) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const problems = newPasswordProblems({ password, confirmation }, userInputs, mismatchKey);
  const fields: NewPasswordFields = {
    password,
    confirmation,
    onPassword: setPassword,
    onConfirmation: setConfirmation,
    passwordError: problems.password && t(problems.password),
    confirmationError: problems.confirmation && t(problems.confirmation),
    strength: problems.strength,
  };
  return { password, confirmation, valid: problems.valid, fields };
}

export function PasswordFields(props: NewPasswordFields & { passwordLabel: string }) {
  const { t } = useTranslation();
  const score = props.strength.score;
  return (
    <Stack gap="sm">
      <PasswordInput
        label={props.passwordLabel}
        description={t('account-password-hint')}
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': t('toggle-password-visibility') }}
        rightSectionWidth={48}
        styles={PASSWORD_INPUT_STYLES}
        value={props.password}
        onChange={(event) => props.onPassword(event.currentTarget.value)}
        error={props.passwordError}
        required
        data-qa="account-password"
      />
      {props.password !== '' && (
        <div data-qa="account-strength" data-score={score}>
          {/* A plain bar (the text below says the same to a screen reader). */}
          <div style={{ height: 6, borderRadius: 3, background: 'var(--mantine-color-gray-2)' }} aria-hidden>
            <div
              style={{
                height: 6,
                borderRadius: 3,
                width: `${(score + 1) * 20}%`,
                background: `var(--mantine-color-${METER_COLOURS[score]}-7)`,
              }}
            />
          </div>
          <Text size="sm" mt={4} aria-live="polite">
            {t('account-strength', { label: t(`account-strength-${score}`) })}
          </Text>
        </div>
      )}
      <PasswordInput
        label={t('account-confirm-password')}
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': t('toggle-password-visibility') }}
        rightSectionWidth={48}
        styles={PASSWORD_INPUT_STYLES}
        value={props.confirmation}
        onChange={(event) => props.onConfirmation(event.currentTarget.value)}
        error={props.confirmationError}
        required
        data-qa="account-confirm-password"
      />
    </Stack>
  );
}
