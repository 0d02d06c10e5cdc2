import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import type { RegisterRefusalItem } from './registerView';

/** What the register tells after an action that did not (wholly) go through. */
export type RegisterProblem =
  | { kind: 'none-selected' }
  | { kind: 'refused'; refused: RegisterRefusalItem[] }
  | { kind: 'conflict'; count: number }
  | { kind: 'save-failed' }
  | { kind: 'nothing' }
  | { kind: 'mark-off-failed'; request: boolean };

/** The register's problem notice, below the actions bar; the user dismisses it. */
export function RegisterProblemNotice({
  problem,
  onClose,
}: {
  problem: RegisterProblem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Notice
      color={problem.kind === 'conflict' ? 'orange' : problem.kind === 'nothing' ? 'blue' : 'red'}
      icon={<AlertIcon />}
      role="alert"
      qa="register-problem"
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onClose}
      // Mantine's alert close is 20 × 20 px: the 44 × 44 px target, drawn over the notice's padding.
      styles={{ closeButton: { width: 44, height: 44, minWidth: 44, minHeight: 44, margin: -12 } }}
    >
      {problem.kind === 'none-selected' && t('select-at-least-one-child-register')}
      {problem.kind === 'nothing' && t('register-nothing-to-undo')}
      {problem.kind === 'save-failed' && t('error-submitting-register-changes')}
      {problem.kind === 'conflict' && t('register-conflict', { count: problem.count })}
      {problem.kind === 'mark-off-failed' &&
        (problem.request ? t('error-sending-request') : t('some-errors-marking-off'))}
      {problem.kind === 'refused' && (
        <>
          <Text size="sm" fw={700}>
            {t('children-cannot-be-checked')}
          </Text>
          <ul data-qa="register-refusals">
            {problem.refused.map(({ child, refusal }) => (
              <li key={child.id}>
                {t(
                  refusal === 'session-ended'
                    ? 'cannot-check-in-session-ended'
                    : 'cannot-check-out-before-check-in',
                  {
                    forename: child.forename,
                    surname: child.surname,
                  },
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}
