// The Spotlight editor's GraphQL fields (spec 001; issue 16): arguments and answers as the domain's
// zod schemas (packages/domain/src/schemas/spotlight.ts), from which the types are generated.
// The resolvers are in graphql.ts.
import {
  CheckpointNote,
  CheckpointNotesArgs,
  ChildConsiderationPage,
  ChildCountArgs,
  ChildPageArgs,
  ChildSpotlightEventPage,
  ChildTypeCountArgs,
  ChildTypePageArgs,
  DevelopmentCheckpoint,
  DevelopmentCheckpointsArgs,
  PreviousGradingCount,
  PreviousGradingCountsArgs,
  SpotlightEvent,
  SpotlightEventArgs,
  SpotlightSaveResult,
  SpotlightSetup,
  SpotlightSetupArgs,
  UpdateEventArgs,
} from '@nursery/domain/spotlight';
import { z } from 'zod';
import { mutationFields, queryFields } from '../../lib/graphql-fields.ts';

export const spotlightQuery = queryFields({
  spotlightSetup: {
    description:
      'spotlightSetup: what the Spotlight editor needs to add an event at a site (default: the session’s): types, codes, media rights, save statuses, text limits.',
    args: SpotlightSetupArgs,
    answer: SpotlightSetup,
    types: {
      name: 'SpotlightSetup',
      names: {
        types: 'SpotlightTypeSetup',
        'types.type': 'SpotlightType',
        'types.codes': 'SpotlightCode',
        'types.textLimits': 'SpotlightTextLimits',
      },
    },
  },
  spotlightEvent: {
    description: 'spotlightEvent: one snapshot or learning story as the Spotlight editor loads it.',
    args: SpotlightEventArgs,
    answer: SpotlightEvent,
    types: {
      name: 'SpotlightEvent',
      names: {
        type: 'SpotlightType',
        code: 'SpotlightCode',
        media: 'SpotlightMedia',
        'media.type': 'SpotlightMediaType',
        gradings: 'SpotlightGrading',
        bestFits: 'SpotlightBestFit',
        checkpointNotes: 'SpotlightCheckpointNote',
        considerations: 'SpotlightConsideration',
        'considerations.status': 'ConsiderationStatus',
        textLimits: 'SpotlightTextLimits',
        permittedActions: 'SpotlightPermittedActions',
      },
    },
  },
  developmentCheckpoints: {
    description:
      'developmentCheckpoints: the enabled development checkpoints of the provider, of one age-range tab or all.',
    args: DevelopmentCheckpointsArgs,
    answer: z.array(DevelopmentCheckpoint),
    types: { name: 'DevelopmentCheckpoint', names: { ageRange: 'CheckpointTab' } },
  },
  checkpointNotes: {
    description: 'checkpointNotes: the checkpoint notes written for a child, of one age-range tab or all.',
    args: CheckpointNotesArgs,
    answer: z.array(CheckpointNote),
    types: { name: 'CheckpointNote', names: { ageRange: 'CheckpointTab' } },
  },
  previousGradingCounts: {
    description:
      'PreviousGradingCounts: how often each framework item was graded with each value on the child’s visible events of these types.',
    args: PreviousGradingCountsArgs,
    answer: z.array(PreviousGradingCount),
    types: { name: 'PreviousGradingCount' },
  },
  considerationsForChild: {
    description:
      'considerationsForChild: the child’s considerations on visible events, newest first, a page at a time.',
    args: ChildPageArgs,
    answer: ChildConsiderationPage,
    types: {
      name: 'ChildConsiderationPage',
      names: { items: 'ChildConsideration', 'items.status': 'ConsiderationStatus' },
    },
  },
  considerationCountForChild: {
    description: 'considerationCountForChild: how many considerations considerationsForChild lists in all.',
    args: ChildCountArgs,
    answer: z.int(),
  },
  eventsByChildAndType: {
    description:
      'eventsByChildAndType: the child’s visible events of one type (not deleted), newest first, a page at a time.',
    args: ChildTypePageArgs,
    answer: ChildSpotlightEventPage,
    types: { name: 'ChildSpotlightEventPage', names: { items: 'ChildSpotlightEvent' } },
  },
  eventCountByChildAndType: {
    description: 'eventCountByChildAndType: how many events eventsByChildAndType lists in all.',
    args: ChildTypeCountArgs,
    answer: z.int(),
  },
});

export const spotlightMutation = mutationFields({
  updateEvent: {
    description:
      'updateEvent: saves a snapshot or learning story (id null: add, one event per child) in one transaction, answering the Save result.',
    args: UpdateEventArgs,
    answer: SpotlightSaveResult,
    types: { name: 'SpotlightSaveResult', names: { type: 'SpotlightType', events: 'SpotlightSavedEvent' } },
  },
});
