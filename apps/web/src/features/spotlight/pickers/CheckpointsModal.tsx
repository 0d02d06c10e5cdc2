import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AlertIcon, OfflineIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { LoadingLine } from '../../../components/QueryState';
import { useIsOffline } from '../../../lib/connectivity';
import {
  CHECKPOINT_TAB_KEYS,
  type CheckpointNoteValue,
  type CheckpointTabKey,
  checkpointGroups,
  checkpointsQuery,
  type DevelopmentCheckpointView,
  toggleCheckpoint,
  withCheckpointNote,
} from './checkpointsApi';
import classes from './pickers.module.css';
import { usePickerT } from './usePickerT';

export interface CheckpointsModalProps {
  opened: boolean;
  onClose: () => void;
  /** The selected checkpoint ids. */
  value: number[];
  notes: CheckpointNoteValue[];
  onChange: (ids: number[], notes: CheckpointNoteValue[]) => void;
  readOnly?: boolean;
}

/**
 * The development checkpoints modal (spec 001 §2): age-range tabs Birth-3 Years, 3-4 Years, Reception
 * Age, Early Learning Goals; checkpoints grouped by section and subsection, each selectable with a note;
 * a load error has a Retry link (spec 001 §8).
 */
export function CheckpointsModal(props: CheckpointsModalProps) {
  const t = usePickerT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('checkpoints-title')}
      size="xl"
      transitionProps={{ duration: 0 }}
      data-qa="checkpoints-modal"
    >
      {props.opened && <CheckpointsBody {...props} />}
    </Modal>
  );
}

function CheckpointsBody({ value, notes, onChange, onClose, readOnly = false }: CheckpointsModalProps) {
  const t = usePickerT();
  const offline = useIsOffline();
  const query = useQuery(checkpointsQuery());
  const [tab, setTab] = useState<CheckpointTabKey>('birthTo3');

  let body: ReactNode;
  if (query.data !== undefined) {
    const all = query.data;
    body = (
      <Tabs value={tab} onChange={(v) => v && setTab(v as CheckpointTabKey)} keepMounted={false}>
        <Tabs.List>
          {CHECKPOINT_TAB_KEYS.map((key) => {
            const selected = all.filter((c) => c.ageRange === key && value.includes(c.id)).length;
            return (
              <Tabs.Tab
                key={key}
                value={key}
                className={classes.control}
                data-qa="checkpoints-tab"
                data-tab={key}
              >
                <Group gap={6} wrap="nowrap">
                  <span>{t(`checkpoints-tab-${key}`)}</span>
                  {selected > 0 && (
                    <Badge size="sm" variant="light" color="teal" component="span">
                      {selected}
                    </Badge>
                  )}
                </Group>
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {CHECKPOINT_TAB_KEYS.map((key) => (
          <Tabs.Panel key={key} value={key} pt="sm" data-qa="checkpoints-panel" data-tab={key}>
            <TabCheckpoints
              all={all}
              tab={key}
              value={value}
              notes={notes}
              onChange={onChange}
              readOnly={readOnly}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  } else if (offline) {
    body = (
      <Notice color="gray" icon={<OfflineIcon />} qa="checkpoints-offline">
        {t('picker-offline-not-loaded')}
      </Notice>
    );
  } else if (query.isPending && !query.isError) {
    body = <LoadingLine text={t('checkpoints-loading')} qa="checkpoints-loading" />;
  } else {
    body = (
      <Notice color="red" icon={<AlertIcon />} role="alert" qa="checkpoints-error">
        <Group gap="xs">
          <Text size="sm">{t('checkpoints-failed')}</Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="red.9"
            fw={600}
            underline="always"
            className={classes.control}
            onClick={() => void query.refetch()}
            data-qa="checkpoints-retry"
          >
            {t('picker-retry')}
          </Anchor>
        </Group>
      </Notice>
    );
  }

  return (
    <Stack gap="sm" data-qa="checkpoints">
      <Group justify="space-between">
        <Badge size="lg" variant="light" data-qa="checkpoints-count" data-count={value.length}>
          {t('checkpoints-selected', { count: value.length })}
        </Badge>
        <Button className={classes.control} onClick={onClose} data-qa="checkpoints-done">
          {t('picker-done')}
        </Button>
      </Group>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t('picker-read-only')}
        </Text>
      )}
      {body}
    </Stack>
  );
}

function TabCheckpoints(props: {
  all: DevelopmentCheckpointView[];
  tab: CheckpointTabKey;
  value: number[];
  notes: CheckpointNoteValue[];
  onChange: (ids: number[], notes: CheckpointNoteValue[]) => void;
  readOnly: boolean;
}) {
  const { all, tab, value, notes, onChange, readOnly } = props;
  const t = usePickerT();
  const groups = checkpointGroups(all, tab);
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-qa="checkpoints-empty">
        {t('checkpoints-empty')}
      </Text>
    );
  }
  const noteOf = (id: number) => notes.find((n) => n.checkpointID === id)?.note ?? '';
  return (
    <Stack gap="md">
      {groups.map((g) => (
        <section key={g.checkpoints[0]!.id} data-qa="checkpoints-group">
          <Title order={3} size="h5">
            {g.section}
          </Title>
          {g.subsection && (
            <Text size="sm" c="dimmed" mb={4}>
              {g.subsection}
            </Text>
          )}
          <Stack gap={4}>
            {g.checkpoints.map((c) => {
              const on = value.includes(c.id);
              return (
                <div
                  key={c.id}
                  className={classes.row}
                  data-selected={on}
                  data-qa="checkpoint"
                  data-id={c.id}
                >
                  <Checkbox
                    size="md"
                    checked={on}
                    disabled={readOnly}
                    onChange={() => {
                      const next = toggleCheckpoint(value, notes, c.id);
                      onChange(next.ids, next.notes);
                    }}
                    label={
                      <Group gap={6} component="span">
                        <span>{c.description}</span>
                        {c.bespoke && (
                          <Badge size="sm" variant="outline" component="span">
                            {t('checkpoints-bespoke')}
                          </Badge>
                        )}
                      </Group>
                    }
                    styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                    data-qa="checkpoint-checkbox"
                  />
                  {on && (
                    <Textarea
                      mt={4}
                      ml={36}
                      label={t('checkpoints-note')}
                      value={noteOf(c.id)}
                      readOnly={readOnly}
                      autosize
                      minRows={2}
                      maxRows={6}
                      onChange={(e) =>
                        onChange([...value], withCheckpointNote(notes, c.id, e.currentTarget.value))
                      }
                      data-qa="checkpoint-note"
                    />
                  )}
                </div>
              );
            })}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
