import { Group, Text, Title } from '@mantine/core';
import { HOME_CLOCK_REFRESH_MS } from '@nursery/domain/common';
import { formatClockTime, formatLongDate } from '../../lib/format';
import { useNow } from '../../lib/useNow';

/** Spec 002 §2 Home: "Date and time heading refreshed every minute", in the site's time zone. */
export function DateTimeHeading({ timeZone }: { timeZone: string }) {
  const current = useNow(HOME_CLOCK_REFRESH_MS);
  const iso = current.toISOString();
  return (
    <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.2} data-qa="home-heading">
      <Group
        component="span"
        gap="xs"
        align="baseline"
        wrap="wrap"
        style={{ columnGap: 'var(--mantine-spacing-md)' }}
      >
        <time dateTime={iso} data-qa="home-date">
          {formatLongDate(current, timeZone)}
        </time>
        <Text component="time" dateTime={iso} inherit c="nursery.8" data-qa="home-time">
          {formatClockTime(current, timeZone)}
        </Text>
      </Group>
    </Title>
  );
}
