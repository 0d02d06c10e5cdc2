/**
 * The Spotlight editor's typed client (docs/api.md "Spotlight editor"): GraphQL operations typed from
 * the server's schema (lib/graphql: gql.tada; a field the schema lacks fails the typecheck), and the
 * TanStack Query options the screen and the panel read.
 */
import { queryOptions } from '@tanstack/react-query';
import { graphql, sendGraphQL, type VariablesOf } from '../../lib/graphql';

const SETUP = graphql(`query SpotlightSetup($siteID: Int) {
  spotlightSetup(siteID: $siteID) {
    siteID
    types { id type name codes { id value } twoYearCodeIDs addMedia addPhoto addVideo saveStatusIDs textLimits { notes childsVoice parentNotes considerationNotes } }
    anyContactGroupCanAddNotes enableBirthToFive birthToFiveFrameworkID publishConsiderations childMax gradingMax
  }
}`);

const EVENT = graphql(`query SpotlightEvent($id: Int!) {
  spotlightEvent(id: $id) {
    id version typeID type code { id value } childIDs siteID date time notes childsVoice parentNotes
    media { id url type thumbnailUrl mediaToken }
    gradings { itemID value ageRangeID notes }
    bestFits { itemID ageRangeID }
    checkpointIDs
    checkpointNotes { checkpointID note }
    considerations { id status notes visibleToParents }
    editable statusID status textLimits { notes childsVoice parentNotes considerationNotes }
    permittedActions { saveStatusIDs addMedia addPhoto addVideo editParentNotes publishConsiderations }
  }
}`);

const UPDATE = graphql(`mutation updateEvent($input: UpdateEventInput!) {
  updateEvent(input: $input) { created type statusID status ids events { id childID version } }
}`);

const GRADING_COUNTS = graphql(`query PreviousGradingCounts($childID: Int!, $eventTypeIDs: [Int!]!) {
  previousGradingCounts(childID: $childID, eventTypeIDs: $eventTypeIDs) { itemID value count }
}`);

const CONSIDERATIONS = graphql(`query considerationsForChild($childID: Int!, $cursor: String) {
  considerationsForChild(childID: $childID, cursor: $cursor) {
    items { id eventID eventTypeID eventStatusID status notes visibleToParents created
      staffMember { id forename surname } }
    nextCursor
  }
  considerationCountForChild(childID: $childID)
}`);

const EVENTS = graphql(`query eventsByChildAndType($childID: Int!, $typeID: Int!, $cursor: String) {
  eventsByChildAndType(childID: $childID, typeID: $typeID, cursor: $cursor) {
    items { id typeID codeID statusID raised notes gradingCount checkpointCount mediaCount
      author { id forename surname } }
    nextCursor
  }
  eventCountByChildAndType(childID: $childID, typeID: $typeID)
}`);

const CHECKPOINTS = graphql(`query developmentCheckpoints {
  developmentCheckpoints { id section subsection ageRange description bespoke enabled }
}`);

export const spotlightApi = {
  checkpoints: () => sendGraphQL(CHECKPOINTS).then((a) => a.developmentCheckpoints),
  setup: (siteID: number) => sendGraphQL(SETUP, { siteID }).then((a) => a.spotlightSetup),
  event: (id: number) => sendGraphQL(EVENT, { id }).then((a) => a.spotlightEvent),
  save: (input: VariablesOf<typeof UPDATE>['input']) =>
    sendGraphQL(UPDATE, { input }).then((a) => a.updateEvent),
  gradingCounts: (childID: number, eventTypeIDs: number[]) =>
    sendGraphQL(GRADING_COUNTS, {
      childID,
      eventTypeIDs,
    }).then((a) => a.previousGradingCounts),
  considerations: (childID: number, cursor: string | null) =>
    sendGraphQL(CONSIDERATIONS, { childID, cursor }).then((a) => ({
      ...a.considerationsForChild,
      total: a.considerationCountForChild,
    })),
  events: (childID: number, typeID: number, cursor: string | null) =>
    sendGraphQL(EVENTS, {
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
