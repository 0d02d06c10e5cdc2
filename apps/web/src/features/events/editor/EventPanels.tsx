import { Grid, Paper, Stack } from '@mantine/core';
import { childPickerMax } from '@nursery/domain/common';
import { useTranslation } from 'react-i18next';
import { ChildPicker } from '../../../components/ChildPicker';
import { useSession } from '../../auth';
import { childPhotoUrl } from '../../children';
import { AssessmentSide } from '../assessment/AssessmentSide';
import { GradingsPanel } from '../assessment/GradingsPanel';
import { AccidentFields } from '../care/AccidentFields';
import { MealsPanel } from '../care/MealsPanel';
import { NappyFields } from '../care/NappyFields';
import { SleepFields } from '../care/SleepFields';
import type { PanelProps } from '../panelProps';
import {
  ChildsVoiceField,
  CodeField,
  DateTimeFields,
  LearningStylesField,
  NotesField,
  ParentNotesField,
  TagField,
} from '../panels/GeneralFields';
import { MediaPanel } from '../panels/MediaPanel';
import { NextStepsPanel } from '../panels/NextStepsPanel';

const panel = (children: React.ReactNode, qa: string) => (
  <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa={qa}>
    <Stack gap="md">{children}</Stack>
  </Paper>
);

/**
 * The add/edit form's panels by event type (spec 000 §2): who and when, the care panels of sleep,
 * meal, accident and nappy, the notes, the gradings and next steps of observations and assessments,
 * media and tags; an assessment's side column. A failed save's messages show beside their fields
 * (`problemText`), each field's box named by data-problem-field for focusProblem.
 */
export function EventPanels(
  props: PanelProps & {
    /** Date, time and child are locked once the event leaves draft (spec 000 §4). */
    whoWhenLocked: boolean;
    problemText: (field: string) => string | null;
  },
) {
  const { form, type, isNew, editable, siteChildren, site, whoWhenLocked, problemText } = props;
  const { t } = useTranslation();
  const { config } = useSession();
  const tag = type.tag;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: tag === 'assessment' ? 8 : 12 }}>
        <Stack gap="md">
          {panel(
            <>
              <div data-problem-field="children">
                <ChildPicker
                  label={t('event-children')}
                  options={siteChildren}
                  keyChildIDs={config.keyChildren}
                  rooms={site.rooms}
                  photoUrl={childPhotoUrl}
                  selected={form.childIDs}
                  onChange={(childIDs) => props.update((f) => ({ ...f, childIDs }))}
                  max={childPickerMax(tag, !isNew)}
                  disabled={whoWhenLocked || (!isNew && !editable)}
                  error={problemText('children')}
                />
              </div>
              <DateTimeFields
                {...props}
                locked={whoWhenLocked}
                problems={{ date: problemText('date'), time: problemText('time') }}
              />
              <div data-problem-field="code">
                <CodeField {...props} error={problemText('code')} />
              </div>
            </>,
            'event-panel-who-when',
          )}
          {tag === 'sleep' &&
            panel(
              <div data-problem-field="end">
                <SleepFields {...props} error={problemText('end')} />
              </div>,
              'event-panel-sleep',
            )}
          {tag === 'meal' && <MealsPanel {...props} />}
          {tag === 'accident' && panel(<AccidentFields {...props} />, 'event-panel-accident')}
          {tag === 'nappy' && panel(<NappyFields {...props} />, 'event-panel-nappy')}
          {panel(
            <>
              <div data-problem-field="content">
                <NotesField {...props} />
              </div>
              {tag === 'observation' && <ChildsVoiceField {...props} />}
              {tag === 'assessment' && <ParentNotesField {...props} />}
              {tag === 'observation' && <LearningStylesField {...props} />}
            </>,
            'event-panel-notes',
          )}
          {(tag === 'observation' || tag === 'assessment') && (
            <div data-problem-field="gradings">
              <GradingsPanel {...props} />
            </div>
          )}
          {(tag === 'observation' || tag === 'assessment') && <NextStepsPanel {...props} />}
          <MediaPanel {...props} />
          <TagField {...props} />
        </Stack>
      </Grid.Col>
      {tag === 'assessment' && (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <AssessmentSide {...props} />
        </Grid.Col>
      )}
    </Grid>
  );
}
