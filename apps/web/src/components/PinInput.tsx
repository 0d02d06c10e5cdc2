import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PIN_LENGTH } from '@nursery/domain/common';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Keep only digits: tablets show a numeric keypad, but a paste may carry anything. */
export const pinDigits = (value: string) => value.replace(/\D/g, '').slice(0, PIN_LENGTH);

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
      {...props}
    />
  );
});
