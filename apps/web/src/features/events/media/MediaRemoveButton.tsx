// The remove control on a media tile of either editor: a 44 px target (issue 13) in the tile's corner,
// the visible dot small. Each screen names it (its label and data-qa).
import { ActionIcon, Box } from '@mantine/core';
import { CloseIcon } from '../../../components/icons';

export function MediaRemoveButton({
  label,
  qa,
  onRemove,
}: {
  label: string;
  qa: string;
  onRemove: () => void;
}) {
  return (
    <ActionIcon
      pos="absolute"
      top={0}
      right={0}
      size={44}
      radius="xl"
      variant="transparent"
      onClick={onRemove}
      aria-label={label}
      data-qa={qa}
    >
      <Box
        component="span"
        w={26}
        h={26}
        bg="dark.7"
        c="white"
        style={{ borderRadius: '50%', display: 'grid', placeItems: 'center' }}
      >
        <CloseIcon size={14} />
      </Box>
    </ActionIcon>
  );
}
