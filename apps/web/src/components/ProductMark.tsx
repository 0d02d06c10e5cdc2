import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Product name with a simple leaf mark; the same in the shell header and on the pre-login pages.
 * `compact` keeps the name for screen readers only on phones, where the header needs the room.
 */
export function ProductMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" data-qa="product-name">
      <svg width={28} height={28} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="var(--mantine-color-nursery-7)" />
        <path d="M10 21c0-7 5-11 13-11-1 8-5 12-11 12l-2-1z" fill="#fff" />
        <path
          d="M10 23l7-7"
          stroke="var(--mantine-color-nursery-7)"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      <Text
        component="span"
        fw={700}
        fz="lg"
        c="var(--mantine-color-text)"
        className={compact ? 'visually-hidden-narrow' : undefined}
      >
        {t('app-name')}
      </Text>
    </Group>
  );
}
