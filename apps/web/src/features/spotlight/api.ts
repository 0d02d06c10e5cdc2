/**
 * The Spotlight editor's typed client (docs/api.md "Spotlight editor"): GraphQL operations whose
 * answers are the domain's zod types (packages/domain/src/schemas/spotlight.ts, imported as types so no
 * zod reaches the bundle), and the TanStack Query options the screen and the panel read.
 */
import type {
  ChildConsiderationPage,
  ChildSpotlightEventPage,
  DevelopmentCheckpoint,
  PreviousGradingCount,
  SpotlightEvent,
  SpotlightSaveResult,
  SpotlightSetup,
  UpdateEventInput,
} from '@nursery/domain';
import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../lib/graphql';

const LIMITS = 'textLimits { notes childsVoice parentNotes considerationNotes }';

const SETUP = `query SpotlightSetup($siteID: Int) {
  spotlightSetup(siteID: $siteID) {
    siteID
    types { id type name codes { id value } twoYearCodeIDs addMedia addPhoto addVideo saveStatusIDs ${LIMITS} }
    anyContactGroupCanAddNotes enableBirthToFive birthToFiveFrameworkID publishConsiderations childMax gradingMax
  }
}`;

const EVENT = `query SpotlightEvent($id: Int!) {
  spotlightEvent(id: $id) {
    id version typeID type code { id value } childIDs siteID date time notes childsVoice parentNotes
    media { id url type thumbnailUrl mediaToken }
    gradings { itemID value ageRangeID notes }
    bestFits { itemID ageRangeID }
    checkpointIDs
    checkpointNotes { checkpointID note }
    considerations { id status notes visibleToParents }
    editable statusID status ${LIMITS}
    permittedActions { saveStatusIDs addMedia addPhoto addVideo editParentNotes publishConsiderations }
  }
}`;

const UPDATE = `mutation updateEvent($input: UpdateEventInput!) {
  updateEvent(input: $input) { created type statusID status ids events { id childID version } }
}`;

const GRADING_COUNTS = `query PreviousGradingCounts($childID: Int!, $eventTypeIDs: [Int!]!) {
  previousGradingCounts(childID: $childID, eventTypeIDs: $eventTypeIDs) { itemID value count }
}`;

const CONSIDERATIONS = `query considerationsForChild($childID: Int!, $cursor: String) {
  considerationsForChild(childID: $childID, cursor: $cursor) {
    items { id eventID eventTypeID eventStatusID status notes visibleToParents created
      staffMember { id forename surname } }
    nextCursor
  }
  considerationCountForChild(childID: $childID)
}`;

const EVENTS = `query eventsByChildAndType($childID: Int!, $typeID: Int!, $cursor: String) {
  eventsByChildAndType(childID: $childID, typeID: $typeID, cursor: $cursor) {
    items { id typeID codeID statusID raised notes gradingCount checkpointCount mediaCount
      author { id forename surname } }
    nextCursor
  }
  eventCountByChildAndType(childID: $childID, typeID: $typeID)
}`;

const CHECKPOINTS = `query developmentCheckpoints {
  developmentCheckpoints { id section subsection ageRange description bespoke enabled }
}`;

export const spotlightApi = {
  checkpoints: () =>
    graphql<{ developmentCheckpoints: DevelopmentCheckpoint[] }>(CHECKPOINTS, {}).then(
      (a) => a.developmentCheckpoints,
    ),
  setup: (siteID: number) =>
    graphql<{ spotlightSetup: SpotlightSetup }>(SETUP, { siteID }).then((a) => a.spotlightSetup),
  event: (id: number) =>
    graphql<{ spotlightEvent: SpotlightEvent }>(EVENT, { id }).then((a) => a.spotlightEvent),
  save: (input: UpdateEventInput) =>
    graphql<{ updateEvent: SpotlightSaveResult }>(UPDATE, { input }).then((a) => a.updateEvent),
  gradingCounts: (childID: number, eventTypeIDs: number[]) =>
    graphql<{ previousGradingCounts: PreviousGradingCount[] }>(GRADING_COUNTS, {
      childID,
      eventTypeIDs,
    }).then((a) => a.previousGradingCounts),
  considerations: (childID: number, cursor: string | null) =>
    graphql<{ considerationsForChild: ChildConsiderationPage; considerationCountForChild: number }>(
      CONSIDERATIONS,
      { childID, cursor },
    ).then((a) => ({ ...a.considerationsForChild, total: a.considerationCountForChild })),
  events: (childID: number, typeID: number, cursor: string | null) =>
    graphql<{ eventsByChildAndType: ChildSpotlightEventPage; eventCountByChildAndType: number }>(EVENTS, {
      childID,
      typeID,
      cursor,
    }).then((a) => ({ ...a.eventsByChildAndType, total: a.eventCountByChildAndType })),
};

export const spotlightKeys = {
  checkpoints: ['spotlight-checkpoints'] as const,
  setup: (siteID: number) => ['spotlight-setup', siteID] as const,
  event: (id: number) => ['spotlight-event', id] as const,
  gradingCounts: (childID: number, typeIDs: readonly number[]) =>
    ['spotlight-grading-counts', childID, ...typeIDs] as const,
  considerations: (childID: number) => ['spotlight-considerations', childID] as const,
  events: (childID: number, typeID: number) => ['spotlight-events', childID, typeID] as const,
};

/** What the add form needs; rarely changes, so a visit within the half hour reads the cache. */
export const spotlightSetupQuery = (siteID: number) =>
  queryOptions({
    queryKey: spotlightKeys.setup(siteID),
    queryFn: () => spotlightApi.setup(siteID),
    staleTime: 30 * 60_000,
  });

/** A stored event: always read again on opening (its version guards the save). */
export const spotlightEventQuery = (id: number) =>
  queryOptions({
    queryKey: spotlightKeys.event(id),
    queryFn: () => spotlightApi.event(id),
    staleTime: 0,
  });

/** Every enabled checkpoint (the chosen ones' descriptions); the pickers' modal reads its tab. */
export const checkpointsQuery = () =>
  queryOptions({
    queryKey: spotlightKeys.checkpoints,
    queryFn: () => spotlightApi.checkpoints(),
    staleTime: 30 * 60_000,
  });
