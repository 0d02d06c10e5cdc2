import { Checkbox, type ComboboxData, Select, Stack, Text } from '@mantine/core';
import type { SiteConfig } from '@nursery/domain/account';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../panelProps';

/**
 * The site's areas grouped by room: enabled ones, plus the event's current area even when it has been
 * disabled since (so an edit still shows where the accident happened).
 */
export function areaOptions(site: SiteConfig, currentAreaID: number | null): ComboboxData {
  return site.rooms
    .map((room) => ({
      group: room.name,
      items: room.areas
        .filter((a) => a.enabled || a.id === currentAreaID)
        .map((a) => ({ value: String(a.id), label: a.name })),
    }))
    .filter((g) => g.items.length > 0);
}

/**
 * This panel's simple fields (same name in the event answer, the form and the payload) with their
 * empty values; form/eventsPart.ts maps them generically. The area (areaID) is mapped there by name.
 */
export const accidentFormFields = { existingInjury: false };

/** Accident extras (spec 000 §3): the area (areaID) and "Existing injury". */
export function AccidentFields(props: PanelProps) {
  const { form, update, editable, site } = props;
  const { t } = useTranslation();
  const data = areaOptions(site, form.areaID);

  return (
    <Stack gap="sm" data-qa="accident-fields">
      <Select
        size="md"
        label={t('accident-area')}
        placeholder={t('accident-area-placeholder')}
        data={data}
        value={form.areaID === null ? null : String(form.areaID)}
        onChange={(value) => update((f) => ({ ...f, areaID: value === null ? null : Number(value) }))}
        searchable
        clearable
        disabled={!editable}
        maw={420}
        comboboxProps={{ withinPortal: true }}
        data-qa="accident-area"
      />
      {data.length === 0 && (
        <Text size="sm" c="dimmed" data-qa="accident-area-none">
          {t('accident-area-none')}
        </Text>
      )}
      <Checkbox
        label={t('accident-existing-injury')}
        description={t('accident-existing-injury-hint')}
        checked={form.existingInjury}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          update((f) => ({ ...f, existingInjury: checked }));
        }}
        disabled={!editable}
        data-qa="accident-existing-injury"
      />
    </Stack>
  );
}
