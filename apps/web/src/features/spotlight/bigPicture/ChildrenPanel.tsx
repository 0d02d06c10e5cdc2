/**
 * The Big Picture's left child list (spec 001 §2, §9): the site's children as photo tiles with name, age
 * and room (the shared ChildPicker, as on the Spotlight editor), at most 200; none chosen means every
 * child the filters keep. Memoised: a report arriving does not draw the list again.
 */
import { Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildPicker, type PickerRoom } from '../../../components/ChildPicker';
import { LoadingLine, RetryAlert } from '../../../components/QueryState';
import { childPhotoUrl } from '../../children';
import { useSiteChildren } from '../../events';

export const BIG_PICTURE_CHILD_LIMIT = 200;

export const ChildrenPanel = memo(function ChildrenPanel({
  siteID,
  keyChildIDs,
  rooms,
  selected,
  onChange,
}: {
  siteID: number;
  keyChildIDs: readonly number[];
  rooms: readonly PickerRoom[];
  selected: readonly number[];
  onChange: (childIDs: number[]) => void;
}) {
  const { t } = useTranslation();
  const children = useSiteChildren(siteID);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa="big-picture-children">
      <Stack gap="xs">
        {children.isPending ? (
          <LoadingLine text={t('big-picture-children-loading')} />
        ) : children.isError ? (
          <RetryAlert
            message={t('big-picture-children-failed')}
            onRetry={() => children.refetch()}
            retrying={children.isFetching}
          />
        ) : (
          <ChildPicker
            label={t('big-picture-children')}
            headingLevel={2}
            options={children.data}
            keyChildIDs={keyChildIDs}
            rooms={rooms}
            photoUrl={childPhotoUrl}
            selected={selected}
            onChange={onChange}
            max={BIG_PICTURE_CHILD_LIMIT}
          />
        )}
        {selected.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('big-picture-children-hint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
});
