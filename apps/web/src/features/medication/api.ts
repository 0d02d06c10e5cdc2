/**
 * The medication record's typed client (issue 31; the GraphQL contract: packages/domain schemas/medication.ts):
 * `medicationSetup(siteID, childID)`, `medicationEvent(id)` and `updateMedicationEvent(input)`, typed from
 * the server's schema (lib/graphql), and the TanStack Query options the form reads. One `queryOptions`
 * object per read serves the screen and the device's offline preparation (same key, same fetch).
 */
import { routes } from '@nursery/domain/common';
import type { postEventSignature } from '@nursery/domain/events';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';
import { graphql, sendGraphQL, type VariablesOf } from '../../lib/graphql';

const SETUP = graphql(`query MedicationSetup($siteID: Int, $childID: Int) {
  medicationSetup(siteID: $siteID, childID: $childID) {
    siteID typeID codes { id value } canAdd saveAs
    staff { id personID forename surname hasImage }
    child { id forename surname siteID allergies medicalNotes }
    contacts { id personID forename surname relation hasImage }
    recentDoses { eventID name raised frequency }
  }
}`);

const EVENT = graphql(`query MedicationEvent($id: Int!) {
  medicationEvent(id: $id) {
    id raised notes childID typeID codeID statusID version siteID
    medicationInfo { name type form dosage strength frequency expiryDate storageAndDisposalInstructions }
    signatures { id signatureType personID staffID contactID forename surname imageUrl created }
    permittedActions { saveAs edit addConsent viewHistory }
  }
}`);

const CHILD_SETUPS = graphql(`query MedicationChildSetups($siteID: Int, $childIDs: [Int!]!) {
  medicationChildSetups(siteID: $siteID, childIDs: $childIDs) {
    childID
    child { id forename surname siteID allergies medicalNotes }
    contacts { id personID forename surname relation hasImage }
    recentDoses { eventID name raised frequency }
  }
}`);

const UPDATE = graphql(`mutation updateMedicationEvent($input: UpdateMedicationEventInput!) {
  updateMedicationEvent(input: $input) { id version statusID created }
}`);

export type MedicationSaveInput = VariablesOf<typeof UPDATE>['input'];

export const medicationApi = {
  setup: (siteID: number, childID: number | null) =>
    sendGraphQL(SETUP, { siteID, childID }).then((a) => a.medicationSetup),
  event: (id: number) => sendGraphQL(EVENT, { id }).then((a) => a.medicationEvent),
  childSetups: (siteID: number, childIDs: number[]) =>
    sendGraphQL(CHILD_SETUPS, { siteID, childIDs }).then((a) => a.medicationChildSetups),
  save: (input: MedicationSaveInput) => sendGraphQL(UPDATE, { input }).then((a) => a.updateMedicationEvent),
  /** POST api/v1/events/{id}/signatures: a parent's Consent on a published record (once). */
  addConsent: (eventID: number, personID: number, signature: string) =>
    callRoute<typeof postEventSignature>(routes.postEventSignature, {
      params: { id: eventID },
      body: { personID, signature, signatureType: 'Consent' },
    }),
};

export const medicationKeys = {
  all: ['medication'] as const,
  setup: (siteID: number, childID: number | null) => ['medication', 'setup', siteID, childID] as const,
  event: (id: number) => ['medication', 'event', id] as const,
};

/**
 * What the form needs at a site, and for a chosen child (contacts, allergies and medical notes, recent
 * doses). Kept a few minutes: the dose check reads the recent doses again when the form is saved.
 */
export const medicationSetupQuery = (siteID: number, childID: number | null) =>
  queryOptions({
    queryKey: medicationKeys.setup(siteID, childID),
    queryFn: () => medicationApi.setup(siteID, childID),
    staleTime: 5 * 60_000,
  });

/**
 * The device's offline preparation (issue 31): the setup of many children of the site in one call,
 * each stored under the very key the form reads (medicationSetupQuery), built from the site's setup.
 * Answers how many children were stored.
 */
export async function prepareMedicationChildren(
  queryClient: QueryClient,
  siteID: number,
  childIDs: number[],
): Promise<number> {
  const site = queryClient.getQueryData(medicationSetupQuery(siteID, null).queryKey);
  if (!site || childIDs.length === 0) return 0;
  const setups = await medicationApi.childSetups(siteID, childIDs);
  for (const { child, contacts, recentDoses } of setups)
    queryClient.setQueryData(medicationSetupQuery(siteID, child.id).queryKey, {
      ...site,
      child,
      contacts,
      recentDoses,
    });
  return setups.length;
}

/** A stored record: read again on opening (its version guards the save). */
export const medicationEventQuery = (id: number) =>
  queryOptions({
    queryKey: medicationKeys.event(id),
    queryFn: () => medicationApi.event(id),
    staleTime: 0,
  });
