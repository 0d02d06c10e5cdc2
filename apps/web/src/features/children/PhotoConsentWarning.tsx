import { Alert, Stack, Text } from '@mantine/core';
import type { SiteChild } from '@nursery/domain/children';
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
        <ConsentAlert color="red" title={t('photo-consent-no-title')} qa="photo-consent-no">
          {t('photo-consent-no', { count: refused.length, names: names(refused) })}
        </ConsentAlert>
      )}
      {notAsked.length > 0 && (
        <ConsentAlert color="yellow" title={t('photo-consent-not-asked-title')} qa="photo-consent-not-asked">
          {t('photo-consent-not-asked', { count: notAsked.length, names: names(notAsked) })}
        </ConsentAlert>
      )}
    </Stack>
  );
}

/** One of the two warnings: refused (red) or not asked (yellow, a dark title for contrast). */
function ConsentAlert({
  color,
  title,
  qa,
  children,
}: {
  color: 'red' | 'yellow';
  title: string;
  qa: string;
  children: string;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      icon={<AlertIcon />}
      role="alert"
      title={title}
      styles={{
        title: { color: color === 'red' ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-dark-9)' },
      }}
      data-qa={qa}
    >
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
