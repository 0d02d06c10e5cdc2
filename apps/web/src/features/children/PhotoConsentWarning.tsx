import { Alert, Stack, Text } from '@mantine/core';
import type { SiteChild } from '@nursery/domain';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';

interface PhotoConsentWarningProps {
  /** The event's children. */
  childIDs: readonly number[];
  /** The site's children (their photo consent). */
  siteChildren: readonly Pick<SiteChild, 'id' | 'forename' | 'surname' | 'photoConsent'>[];
  /** Photos or videos attached or being attached. */
  mediaCount: number;
}

const names = (list: readonly { forename: string; surname: string }[]) => {
  const all = list.map((c) => `${c.forename} ${c.surname}`);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
};

/**
 * Shown beside the photos of an event, before it is saved, when a chosen child's parents refused
 * photo consent ("no") or were not asked yet: different words for each, naming the children. Saving
 * stays possible (decisions.md "Issue 13: children you can tell apart").
 */
export function PhotoConsentWarning({ childIDs, siteChildren, mediaCount }: PhotoConsentWarningProps) {
  const { t } = useTranslation();
  if (mediaCount === 0 || childIDs.length === 0) return null;
  const chosen = new Set(childIDs);
  const of = siteChildren.filter((c) => chosen.has(c.id));
  const refused = of.filter((c) => c.photoConsent === 'no');
  const notAsked = of.filter((c) => c.photoConsent === 'notAsked');
  if (refused.length === 0 && notAsked.length === 0) return null;
  return (
    <Stack gap="xs" data-qa="photo-consent-warning">
      {refused.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title={t('photo-consent-no-title')}
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          data-qa="photo-consent-no"
        >
          <Text size="sm">{t('photo-consent-no', { count: refused.length, names: names(refused) })}</Text>
        </Alert>
      )}
      {notAsked.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title={t('photo-consent-not-asked-title')}
          styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
          data-qa="photo-consent-not-asked"
        >
          <Text size="sm">
            {t('photo-consent-not-asked', { count: notAsked.length, names: names(notAsked) })}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
