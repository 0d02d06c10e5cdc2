import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PIN_LENGTH } from '@nursery/domain/common';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Keep only digits: tablets show a numeric keypad, but a paste may carry anything. */
export const pinDigits = (value: string) => value.replace(/\D/g, '').slice(0, PIN_LENGTH);

const PIN_INPUT_STYLES = {
  input: { minHeight: 46 },
  innerInput: { minHeight: 44 },
  visibilityToggle: { width: 44, height: 44, minWidth: 44, minHeight: 44 },
} as const;

type PinInputProps = Omit<PasswordInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (pin: string) => void;
};

/**
 * A 4-digit PIN field (the Home prompt, the profile's change of PIN, the lock screen): hidden digits
 * with a show/hide button, the numeric keypad, nothing but digits kept.
 */
export const PinInput = forwardRef<HTMLInputElement, PinInputProps>(function PinInput(
  { value, onChange, ...props },
  ref,
) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      ref={ref}
      value={value}
      onChange={(event) => onChange(pinDigits(event.currentTarget.value))}
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_LENGTH}
      visibilityToggleButtonProps={{ 'aria-label': t('toggle-pin-visibility') }}
      // Every control at least 44 × 44 px, as the login's password field: the field (Mantine's inner
      // input is 2 px short of its wrapper) and the eye (28 × 28 by default).
      rightSectionWidth={48}
      styles={PIN_INPUT_STYLES}
      {...props}
    />
  );
});
