import { Badge, Button, Group } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../components/DateTimeInputs';
import personRows from '../../components/PersonRows.module.css';
import type { RegisterScreenState } from './useRegisterScreen';

/**
 * The register's actions bar (sticky): the time box, check in and out, the other actions and the
 * selection count. On a phone the sticky block keeps only the time, check in and out and the count
 * (it took 300 of 844 px with every action); the other actions follow it and scroll with the page
 * (issue 27).
 */
export function RegisterToolbar({
  screen,
  wide,
  phone,
  barRef,
  onOpenDetails,
}: {
  screen: RegisterScreenState;
  wide: boolean;
  phone: boolean;
  /** The bar's element: the side panel sticks below it. */
  barRef: Ref<HTMLDivElement>;
  onOpenDetails: () => void;
}) {
  const { t } = useTranslation();
  const {
    shown,
    selectAll,
    selectable,
    allSelected,
    permitted,
    undo,
    actionsDisabled,
    startMarkOff,
    offline,
    undoMarkOff,
    focused,
    time,
    setTime,
    check,
    selection,
  } = screen;
  const secondaryActions = (
    <>
      <Button
        px={12}
        variant="default"
        onClick={selectAll}
        disabled={!shown || selectable.length === 0}
        data-qa="register-select-all"
      >
        {allSelected ? t('register-clear-selection') : t('register-select-all')}
      </Button>
      {permitted?.checkIn && (
        <Button
          px={12}
          variant="light"
          onClick={() => undo('undo-check-in')}
          disabled={actionsDisabled}
          data-qa="register-undo-check-in"
        >
          {t('register-undo-check-in')}
        </Button>
      )}
      {permitted?.checkOut && (
        <Button
          px={12}
          variant="light"
          onClick={() => undo('undo-check-out')}
          disabled={actionsDisabled}
          data-qa="register-undo-check-out"
        >
          {t('register-undo-check-out')}
        </Button>
      )}
      <Button
        px={12}
        variant="default"
        onClick={startMarkOff}
        disabled={actionsDisabled || offline}
        data-qa="register-mark-off-open"
      >
        {t('register-mark-off')}
      </Button>
      {permitted?.markOff && (
        <Button
          px={12}
          variant="default"
          onClick={() => void undoMarkOff()}
          disabled={actionsDisabled || offline}
          data-qa="register-undo-mark-off"
        >
          {t('register-undo-mark-off')}
        </Button>
      )}
      {!wide && (
        <Button
          px={12}
          variant="subtle"
          onClick={onOpenDetails}
          disabled={!focused}
          data-qa="register-details-open"
        >
          {t('register-details')}
        </Button>
      )}
    </>
  );
  return (
    <>
      <div ref={barRef} className={personRows.stickyBar} data-qa="register-actions">
        <Group gap="xs" align="flex-end" wrap="wrap" role="toolbar" aria-label={t('register-actions')}>
          <div style={{ width: '9.5rem' }}>
            <TimeField
              label={t('register-time')}
              value={time}
              onChange={setTime}
              required
              error={time ? null : t('this-field-is-required')}
              disabled={actionsDisabled}
              qa="register-time"
            />
          </div>
          {permitted?.checkIn && (
            <Button
              px={12}
              onClick={() => check('check-in')}
              disabled={actionsDisabled}
              data-qa="register-check-in"
            >
              {t('register-check-in')}
            </Button>
          )}
          {permitted?.checkOut && (
            <Button
              px={12}
              onClick={() => check('check-out')}
              disabled={actionsDisabled}
              data-qa="register-check-out"
            >
              {t('register-check-out')}
            </Button>
          )}
          {!phone && secondaryActions}
          <Badge
            size="lg"
            style={{ textTransform: 'none' }}
            variant={selection.length > 0 ? 'filled' : 'default'}
            aria-live="polite"
            data-qa="register-selected-count"
          >
            {t('register-selected', { count: selection.length })}
          </Badge>
        </Group>
      </div>
      {phone && (
        <Group gap="xs" wrap="wrap" data-qa="register-more-actions">
          {secondaryActions}
        </Group>
      )}
    </>
  );
}
