// The GraphQL schema generated from the zod answer schemas keeps the API it had when it was written
// by hand (issue 12): same type names, fields, nullability and list shapes, same Query fields with
// their arguments and descriptions; and the largest documents a client may send still validate.
import { ChildrenAnswer } from '@nursery/domain/children';
import { EventDetail } from '@nursery/domain/events';
import {
  buildSchema,
  GraphQLEnumType,
  type GraphQLField,
  GraphQLInputObjectType,
  GraphQLObjectType,
  type GraphQLSchema,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { queryFields } from '../../lib/graphql-fields.ts';
import { childrenGraphQL, childrenResolvers } from '../children/graphql.ts';
import { eventGraphQL } from '../events/graphql.ts';
import { graphqlModules } from './plugin.ts';
import { buildGraphQLSchema } from './schema.ts';

// The hand-written SDL the schema had before it was generated (modules/events/graphql.ts and
// modules/children/graphql.ts, commit da0a2be), verbatim: the expectation. Since then: Child's
// photoConsent (issue 13) and its enum ChildPhotoConsent; notifications and the first Mutation,
// readNotification, and pendingConsiderations (issue 15); the Spotlight editor's queries, the
// updateEvent mutation and its input types (issue 16), printed in the order the schema prints them; the
// Big Picture's bigPicture, gradingsOverview, attributes and ethnicities (issue 17); the medication
// record's medicationEvent, medicationSetup and updateMedicationEvent (issue 31).
const HAND_WRITTEN_SDL = /* GraphQL */ `
  type Query {
    _version: String!
  }
  type ChildContact {
    id: Int!
    forename: String!
    surname: String!
    hasImage: Boolean!
  }
  type Child {
    id: Int!
    forename: String!
    surname: String!
    hasImage: Boolean!
    gender: String
    dob: String!
    startDate: String!
    endDate: String
    siteID: Int!
    roomID: Int
    photoConsent: ChildPhotoConsent!
    contacts: [ChildContact!]!
  }
  enum ChildPhotoConsent {
    yes
    no
    notAsked
  }
  extend type Query {
    "GetChildren: the children of a site (optionally only these ids), with their contacts."
    children(siteID: Int!, ids: [Int!]): [Child!]!
  }
  type EventAuthor {
    id: Int!
    staffID: Int
  }
  type EventGrading {
    itemID: String!
    ageRangeID: Int
    value: Int
    notes: String
  }
  type EventNextStepLink {
    itemID: String!
  }
  type EventNextStep {
    id: Int!
    notes: String
    completed: Boolean!
    links: [EventNextStepLink!]!
  }
  type EventMeal {
    mealID: Int!
    portionID: Int
    portionAmount: String
  }
  type Event {
    id: Int!
    uuid: String!
    version: Int!
    typeID: Int!
    codeID: Int!
    childID: Int
    statusID: Int!
    siteID: Int!
    authorStaffID: Int
    author: EventAuthor!
    notes: String
    childsVoice: String
    ref2: String
    learningStyles: Int!
    tagged: Boolean!
    raised: String!
    date1: String
    date2: String
    due: String
    priorityID: Int
    areaID: Int
    existingInjury: Boolean
    nappyCream: Boolean
    twoyear: Boolean!
    baseline: Boolean!
    values: [EventGrading!]!
    nextSteps: [EventNextStep!]!
    meals: [EventMeal!]!
    mediaIDs: [String!]!
    editable: Boolean!
    "Statuses the user may move this event to (the role's transitions from its status)."
    permittedActions: [Int!]!
    mayStartConversation: Boolean!
  }
  extend type Query {
    "event: one event with its parts and the user's rights on it."
    event(id: Int!): Event
  }
  type PendingConsiderationChild {
    id: Int!
    forename: String!
    surname: String!
    hasImage: Boolean!
  }
  type PendingConsiderationStaff {
    id: Int!
    forename: String!
    surname: String!
  }
  type PendingConsideration {
    id: Int!
    status: String!
    notes: String
    visibleToParents: Boolean!
    staffID: Int
    eventID: Int!
    created: String!
    child: PendingConsiderationChild!
    staffMember: PendingConsiderationStaff
  }
  extend type Query {
    "PendingConsiderations: considerations on Pending events at the user's sites (at most 100)."
    pendingConsiderations(limit: Int): [PendingConsideration!]!
  }
  type NotificationPage {
    items: [Notification!]!
    nextCursor: String
    unreadCount: Int!
  }
  type Notification {
    id: Int!
    name: String!
    typeName: String!
    jsonBlob: String!
    timestamp: String!
    read: Boolean!
    eventID: Int
    message: String
  }
  extend type Query {
    "Notifications: the user's own notifications, newest first, optionally of one type (name) and after \`since\`; a page at a time (\`cursor\` from the previous page)."
    notifications(type: String, since: String, cursor: String, limit: Int): NotificationPage!
  }
  type Mutation {
    "readNotification: marks one of the user’s own notifications read and answers it."
    readNotification(id: Int!): Notification!
  }
  extend type Query {
    """
    spotlightSetup: what the Spotlight editor needs to add an event at a site (default: the session’s): types, codes, media rights, save statuses, text limits.
    """
    spotlightSetup(siteID: Int): SpotlightSetup!

    """
    spotlightEvent: one snapshot or learning story as the Spotlight editor loads it.
    """
    spotlightEvent(id: Int!): SpotlightEvent!

    """
    developmentCheckpoints: the enabled development checkpoints of the provider, of one age-range tab or all.
    """
    developmentCheckpoints(ageRange: CheckpointTab): [DevelopmentCheckpoint!]!

    """
    checkpointNotes: the checkpoint notes written for a child, of one age-range tab or all.
    """
    checkpointNotes(childID: Int!, ageRange: CheckpointTab): [CheckpointNote!]!

    """
    PreviousGradingCounts: how often each framework item was graded with each value on the child’s visible events of these types.
    """
    previousGradingCounts(childID: Int!, eventTypeIDs: [Int!]!): [PreviousGradingCount!]!

    """
    considerationsForChild: the child’s considerations on visible events, newest first, a page at a time.
    """
    considerationsForChild(childID: Int!, cursor: String, limit: Int): ChildConsiderationPage!

    """
    considerationCountForChild: how many considerations considerationsForChild lists in all.
    """
    considerationCountForChild(childID: Int!): Int!

    """
    eventsByChildAndType: the child’s visible events of one type (not deleted), newest first, a page at a time.
    """
    eventsByChildAndType(childID: Int!, typeID: Int!, cursor: String, limit: Int): ChildSpotlightEventPage!

    """
    eventCountByChildAndType: how many events eventsByChildAndType lists in all.
    """
    eventCountByChildAndType(childID: Int!, typeID: Int!): Int!
  }

  type SpotlightSetup {
    siteID: Int!
    types: [SpotlightTypeSetup!]!
    anyContactGroupCanAddNotes: Boolean!
    enableBirthToFive: Boolean!
    birthToFiveFrameworkID: String
    publishConsiderations: Boolean!
    childMax: Int!
    gradingMax: Int!
  }

  type SpotlightTypeSetup {
    id: Int!
    type: SpotlightType!
    name: String!
    codes: [SpotlightCode!]!
    twoYearCodeIDs: [Int!]!
    addMedia: Boolean!
    addPhoto: Boolean!
    addVideo: Boolean!
    saveStatusIDs: [Int!]!
    textLimits: SpotlightTextLimits!
  }

  enum SpotlightType {
    snapshot
    learningStory
  }

  type SpotlightCode {
    id: Int!
    value: String!
  }

  type SpotlightTextLimits {
    notes: Int
    childsVoice: Int
    parentNotes: Int
    considerationNotes: Int
  }

  type SpotlightEvent {
    id: Int!
    version: Int!
    typeID: Int!
    type: SpotlightType!
    code: SpotlightCode!
    childIDs: [Int!]!
    siteID: Int!
    date: String!
    time: String!
    notes: String
    childsVoice: String
    parentNotes: String
    media: [SpotlightMedia!]!
    gradings: [SpotlightGrading!]!
    bestFits: [SpotlightBestFit!]!
    checkpointIDs: [Int!]!
    checkpointNotes: [SpotlightCheckpointNote!]!
    considerations: [SpotlightConsideration!]!
    editable: Boolean!
    statusID: Int!
    status: String!
    textLimits: SpotlightTextLimits!
    permittedActions: SpotlightPermittedActions!
  }

  type SpotlightMedia {
    id: String!
    url: String!
    type: SpotlightMediaType!
    thumbnailUrl: String!
    mediaToken: String!
  }

  enum SpotlightMediaType {
    image
    video
  }

  type SpotlightGrading {
    itemID: String!
    value: Int
    ageRangeID: Int
    notes: String
  }

  type SpotlightBestFit {
    itemID: String!
    ageRangeID: Int!
  }

  type SpotlightCheckpointNote {
    checkpointID: Int!
    note: String!
  }

  type SpotlightConsideration {
    id: Int
    status: ConsiderationStatus!
    notes: String
    visibleToParents: Boolean!
  }

  enum ConsiderationStatus {
    Monitor
    Intervention
    StaffSupport
    Resolved
  }

  type SpotlightPermittedActions {
    saveStatusIDs: [Int!]!
    addMedia: Boolean!
    addPhoto: Boolean!
    addVideo: Boolean!
    editParentNotes: Boolean!
    publishConsiderations: Boolean!
  }

  type DevelopmentCheckpoint {
    id: Int!
    section: String!
    subsection: String
    ageRange: CheckpointTab!
    description: String!
    bespoke: Boolean!
    enabled: Boolean!
  }

  enum CheckpointTab {
    birthTo3
    threeTo4
    receptionAge
    earlyLearningGoals
  }

  type CheckpointNote {
    id: Int!
    note: String!
    section: String!
    subsection: String
    ageRange: CheckpointTab!
    eventID: Int
    created: String!
  }

  type PreviousGradingCount {
    itemID: String!
    value: Int!
    count: Int!
  }

  type ChildConsiderationPage {
    items: [ChildConsideration!]!
    nextCursor: String
  }

  type ChildConsideration {
    id: Int!
    eventID: Int!
    eventTypeID: Int!
    eventStatusID: Int!
    status: ConsiderationStatus!
    notes: String
    visibleToParents: Boolean!
    created: String!
    staffMember: ChildConsiderationStaffMember
  }

  type ChildConsiderationStaffMember {
    id: Int!
    forename: String!
    surname: String!
  }

  type ChildSpotlightEventPage {
    items: [ChildSpotlightEvent!]!
    nextCursor: String
  }

  type ChildSpotlightEvent {
    id: Int!
    typeID: Int!
    codeID: Int!
    statusID: Int!
    raised: String!
    notes: String
    gradingCount: Int!
    checkpointCount: Int!
    mediaCount: Int!
    author: ChildSpotlightEventAuthor!
  }

  type ChildSpotlightEventAuthor {
    id: Int!
    forename: String!
    surname: String!
  }

  extend type Mutation {
    """
    updateEvent: saves a snapshot or learning story (id null: add, one event per child) in one transaction, answering the Save result.
    """
    updateEvent(input: UpdateEventInput!): SpotlightSaveResult!
  }

  type SpotlightSaveResult {
    created: Boolean!
    type: SpotlightType!
    statusID: Int!
    status: String!
    ids: [Int!]!
    events: [SpotlightSavedEvent!]!
  }

  type SpotlightSavedEvent {
    id: Int!
    childID: Int!
    version: Int!
  }

  input UpdateEventInput {
    id: Int
    version: Int
    uuid: String
    type: SpotlightType!
    codeID: Int!
    childIDs: [Int!]!
    date: String!
    time: String!
    notes: String
    childsVoice: String
    parentNotes: String
    gradings: [SpotlightGradingInput!]!
    bestFits: [SpotlightBestFitInput!]!
    checkpointIDs: [Int!]!
    checkpointNotes: [SpotlightCheckpointNoteInput!]
    considerations: [SpotlightConsiderationInput!]!
    mediaTokens: [SpotlightMediaTokenInput!]!
    statusID: Int!
  }

  input SpotlightGradingInput {
    itemID: String!
    value: Int
    ageRangeID: Int
    notes: String
  }

  input SpotlightBestFitInput {
    itemID: String!
    ageRangeID: Int!
  }

  input SpotlightConsiderationInput {
    id: Int
    status: ConsiderationStatus!
    notes: String
    visibleToParents: Boolean!
  }

  input SpotlightCheckpointNoteInput {
    checkpointID: Int!
    note: String!
  }

  input SpotlightMediaTokenInput {
    mediaID: String!
    token: String!
  }

  extend type Query {
    """
    BigPicture: the filtered children of a site with their grading summary (counts by item, event type, age range and value) on published events since dateFrom.
    """
    bigPicture(childIDs: [Int!], siteID: Int!, frameworkID: String!, eventTypes: [SpotlightType!]!, dateFrom: String!, gender: ChildGender, cohort: Int, ethnicityID: Int, eal: TriStateFilter, eypp: TriStateFilter, send: TriStateFilter, twoYearFunded: TriStateFilter, attributeID: Int, attributeValue: String): BigPictureReport!

    """
    GradingsOverview: the distinct gradings (value null = best fit) of the children on published events since dateFrom.
    """
    gradingsOverview(childIDs: [Int!]!, frameworkID: String!, eventTypes: [SpotlightType!]!, dateFrom: String!): [GradingsOverviewRow!]!

    """
    Attributes: the custom child attributes with their list items (the Big Picture attribute filter).
    """
    attributes: [ChildAttribute!]!

    """
    ethnicities: the provider’s ethnicities (the Big Picture ethnicity filter).
    """
    ethnicities: [Ethnicity!]!
  }

  type BigPictureReport {
    children: [BigPictureChild!]!
  }

  type BigPictureChild {
    id: Int!
    forename: String!
    surname: String!
    hasImage: Boolean!
    dob: String!
    roomName: String
    gradingSummary: [GradingSummary!]!
  }

  type GradingSummary {
    itemID: String!
    eventType: SpotlightType!
    ageRangeID: Int
    value: Int
    count: Int!
  }

  enum ChildGender {
    M
    F
    O
  }

  enum TriStateFilter {
    ONLY
    EXCLUDE
  }

  type GradingsOverviewRow {
    childID: Int!
    itemID: String!
    value: Int
    ageRangeID: Int
  }

  type ChildAttribute {
    id: Int!
    name: String!
    listItems: [ChildAttributeListItem!]!
  }

  type ChildAttributeListItem {
    value: String!
    item: String!
  }

  type Ethnicity {
    id: Int!
    name: String!
  }
  # Issue 30: token login (spec 002 §7), the one field callable without a session.
  extend type Mutation {
    """
    Sign in with a one-time sign-in link (role Staff); sets the session cookie.
    """
    loginWithToken(key: String!, role: LoginRole!): TokenLogin!
  }

  type TokenLogin {
    user: TokenLoginUser!
    expires: String!
    timeout: Int!
  }

  type TokenLoginUser {
    personID: Int!
    staffID: Int
    userID: Int!
    email: String!
    forename: String!
    surname: String!
    telmob: String
    telwork: String
    telhome: String
    address1: String
    address2: String
    address3: String
    address4: String
    address5: String
    postCode: String
    biography: String
    hasImage: Boolean!
    hasPin: Boolean!
    hasSecurityQuestion: Boolean!
    pinDeclined: Boolean!
  }

  enum LoginRole {
    Staff
    Parent
  }

  # Issue 31: the medication record (spec 002 §3, §7): medicationEvent, medicationSetup and
  # updateMedicationEvent with their types.
  extend type Query {
    """
    medicationEvent: one medication record (medicationInfo, signatures with their access-checked images, what the user may do with it).
    """
    medicationEvent(id: Int!): MedicationRecord!

    """
    medicationSetup: what the medication form needs at a site (default: the session’s) and for a child: the type and codes, the staff who may sign, the child’s contacts, allergies, medical notes and doses of the last 48 hours.
    """
    medicationSetup(siteID: Int, childID: Int): MedicationSetup!

    """
    medicationChildSetups: medicationSetup’s child part (record, contacts, doses of the last 48 hours) for up to 200 children of a site at once, for the device’s offline preparation; any child the user may not use answers not found for the whole call.
    """
    medicationChildSetups(siteID: Int, childIDs: [Int!]!): [MedicationChildSetup!]!
  }

  extend type Mutation {
    """
    updateMedicationEvent: adds (id null) or saves a medication record with its medicationInfo and signatures in one transaction; a published record cannot be changed. Returns id.
    """
    updateMedicationEvent(input: UpdateMedicationEventInput!): MedicationSaveResult!
  }

  type MedicationRecord {
    id: Int!
    raised: String!
    notes: String
    childID: Int!
    typeID: Int!
    codeID: Int!
    statusID: Int!
    version: Int!
    siteID: Int!
    medicationInfo: MedicationInfo!
    signatures: [MedicationSignature!]!
    permittedActions: MedicationPermittedActions!
  }

  type MedicationInfo {
    name: String!
    type: MedicationType!
    form: MedicationForm
    dosage: String!
    strength: String
    frequency: String
    expiryDate: String
    storageAndDisposalInstructions: String
  }

  type MedicationSignature {
    id: Int!
    signatureType: MedicationSignatureType!
    personID: Int!
    staffID: Int
    contactID: Int
    forename: String!
    surname: String!
    imageUrl: String!
    created: String!
  }

  type MedicationPermittedActions {
    saveAs: [Int!]!
    edit: Boolean!
    addConsent: Boolean!
    viewHistory: Boolean!
  }

  type MedicationSetup {
    siteID: Int!
    typeID: Int
    codes: [MedicationCode!]!
    canAdd: Boolean!
    saveAs: [Int!]!
    staff: [MedicationStaffSigner!]!
    child: MedicationChild
    contacts: [MedicationContactSigner!]!
    recentDoses: [MedicationDose!]!
  }

  type MedicationCode {
    id: Int!
    value: String!
  }

  type MedicationStaffSigner {
    id: Int!
    personID: Int!
    forename: String!
    surname: String!
    hasImage: Boolean!
  }

  type MedicationChild {
    id: Int!
    forename: String!
    surname: String!
    siteID: Int!
    allergies: String
    medicalNotes: String
  }

  type MedicationContactSigner {
    id: Int!
    personID: Int!
    forename: String!
    surname: String!
    relation: String
    hasImage: Boolean!
  }

  type MedicationDose {
    eventID: Int!
    name: String!
    raised: String!
    frequency: String
  }

  type MedicationChildSetup {
    contacts: [MedicationContactSigner!]!
    recentDoses: [MedicationDose!]!
    childID: Int!
    child: MedicationChild!
  }

  type MedicationSaveResult {
    id: Int!
    version: Int!
    statusID: Int!
    created: Boolean!
  }

  enum MedicationType {
    Prescribed
    NonPrescribed
  }

  enum MedicationForm {
    AerosolInhaler
    CapsuleTablet
    Compress
    Drops
    Injection
    Liquid
    Ointment
    Patches
    TeethingGelPowder
    Device
    Foam
    Gel
    Spray
    Suppository
  }

  enum MedicationSignatureType {
    AdministeredBy
    Witness
    Consent
  }

  input UpdateMedicationEventInput {
    id: Int
    version: Int
    uuid: String
    raised: String!
    notes: String
    childIDs: [Int!]!
    codeID: Int!
    status: Int!
    medicationInfo: MedicationInfoInput!
    signatures: [MedicationSignatureInput!]!
  }

  input MedicationInfoInput {
    name: String!
    type: MedicationType!
    form: MedicationForm
    dosage: String!
    strength: String
    frequency: String
    expiryDate: String
    storageAndDisposalInstructions: String
  }

  input MedicationSignatureInput {
    signatureType: MedicationSignatureType!
    personID: Int!
    dataUrl: String
  }
`;

const TYPES = [
  'Query',
  'PendingConsideration',
  'PendingConsiderationChild',
  'PendingConsiderationStaff',
  'Event',
  'EventAuthor',
  'EventGrading',
  'EventNextStep',
  'EventNextStepLink',
  'EventMeal',
  'Child',
  'ChildContact',
  'NotificationPage',
  'Notification',
  'Mutation',
  'SpotlightSetup',
  'SpotlightTypeSetup',
  'SpotlightCode',
  'SpotlightTextLimits',
  'SpotlightEvent',
  'SpotlightMedia',
  'SpotlightGrading',
  'SpotlightBestFit',
  'SpotlightCheckpointNote',
  'SpotlightConsideration',
  'SpotlightPermittedActions',
  'DevelopmentCheckpoint',
  'CheckpointNote',
  'PreviousGradingCount',
  'ChildConsiderationPage',
  'ChildConsideration',
  'ChildConsiderationStaffMember',
  'ChildSpotlightEventPage',
  'ChildSpotlightEvent',
  'ChildSpotlightEventAuthor',
  'SpotlightSaveResult',
  'SpotlightSavedEvent',
  'BigPictureReport',
  'BigPictureChild',
  'GradingSummary',
  'GradingsOverviewRow',
  'ChildAttribute',
  'ChildAttributeListItem',
  'Ethnicity',
  'TokenLogin',
  'TokenLoginUser',
  'MedicationRecord',
  'MedicationInfo',
  'MedicationSignature',
  'MedicationPermittedActions',
  'MedicationSetup',
  'MedicationCode',
  'MedicationStaffSigner',
  'MedicationChild',
  'MedicationContactSigner',
  'MedicationDose',
  'MedicationChildSetup',
  'MedicationSaveResult',
];
/** Enum types of the schema (compared value by value). */
const ENUMS = [
  'ChildPhotoConsent',
  'SpotlightType',
  'SpotlightMediaType',
  'ConsiderationStatus',
  'CheckpointTab',
  'ChildGender',
  'TriStateFilter',
  'LoginRole',
  'MedicationType',
  'MedicationForm',
  'MedicationSignatureType',
];
/** Input object types (the updateEvent mutation's), compared field by field. */
const INPUTS = [
  'UpdateEventInput',
  'SpotlightGradingInput',
  'SpotlightBestFitInput',
  'SpotlightConsiderationInput',
  'SpotlightCheckpointNoteInput',
  'SpotlightMediaTokenInput',
  'UpdateMedicationEventInput',
  'MedicationInfoInput',
  'MedicationSignatureInput',
];

// Every field of Event (spec 000 §7). The web app's own documents are validated where they are
// written (web-documents.test.ts reads them from apps/web/src), not as copies here.
const FULL_EVENT = `query event($id: Int!) { event(id: $id) {
  id uuid version typeID codeID childID statusID siteID authorStaffID author { id staffID }
  notes childsVoice ref2 learningStyles tagged raised date1 date2 due priorityID areaID
  existingInjury nappyCream twoyear baseline values { itemID ageRangeID value notes }
  nextSteps { id notes completed links { itemID } } meals { mealID portionID portionAmount }
  mediaIDs editable permittedActions } }`;
const CHILDREN_WITH_CONTACTS =
  'query q($siteID: Int!, $ids: [Int!]) { children(siteID: $siteID, ids: $ids) { id contacts { id forename surname hasImage } } }';

const deps = { database: { kind: 'pglite' } } as AppDeps;
const generated = () => buildSchema(buildGraphQLSchema(graphqlModules(deps)).sdl);

/** A field as the API sees it: its type (names, nullability, lists) and arguments. */
const shapeOf = (field: GraphQLField<unknown, unknown>) => ({
  type: String(field.type),
  args: field.args.map((a) => `${a.name}: ${String(a.type)}`),
});

function fieldsOf(schema: GraphQLSchema, name: string) {
  const type = schema.getType(name);
  if (!(type instanceof GraphQLObjectType)) throw new Error(`${name} is not an object type`);
  return Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, shapeOf(f)]));
}

describe('the generated GraphQL schema', () => {
  const expected = buildSchema(HAND_WRITTEN_SDL);
  const actual = generated();

  it.each(TYPES)('keeps %s field by field (types, nullability, lists, arguments)', (name) => {
    expect(fieldsOf(actual, name)).toEqual(fieldsOf(expected, name));
  });

  it('has the same types, and no other', () => {
    const own = (schema: GraphQLSchema) =>
      Object.keys(schema.getTypeMap())
        .filter((n) => !n.startsWith('__'))
        .sort();
    expect(own(actual)).toEqual(own(expected));
    expect(own(actual)).toEqual([...TYPES, ...ENUMS, ...INPUTS, 'Boolean', 'Int', 'String'].sort());
  });

  it.each(INPUTS)('keeps the input type %s field by field', (name) => {
    const inputFields = (schema: GraphQLSchema) => {
      const type = schema.getType(name);
      if (!(type instanceof GraphQLInputObjectType)) throw new Error(`${name} is not an input type`);
      return Object.values(type.getFields()).map((f) => `${f.name}: ${String(f.type)}`);
    };
    expect(inputFields(actual)).toEqual(inputFields(expected));
  });

  it.each(ENUMS)('keeps the values of the enum %s', (name) => {
    const values = (schema: GraphQLSchema) => {
      const type = schema.getType(name);
      if (!(type instanceof GraphQLEnumType)) throw new Error(`${name} is not an enum type`);
      return type.getValues().map((v) => v.name);
    };
    expect(values(actual)).toEqual(values(expected));
  });

  it('keeps the Query and Mutation fields’ descriptions', () => {
    const descriptions = (schema: GraphQLSchema) =>
      [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
        Object.values(root.getFields()).map((f) => [root.name, f.name, f.description ?? null]),
      );
    expect(descriptions(actual)).toEqual(descriptions(expected));
  });

  it('makes Mutation fields from the modules’ zod declarations, as Query fields are', () => {
    const document = 'mutation m($id: Int!) { readNotification(id: $id) { id read eventID message } }';
    expect(validate(actual, parse(document), specifiedRules)).toEqual([]);
    // A schema of modules without mutations has no Mutation type at all.
    expect(buildSchema(buildGraphQLSchema([childrenGraphQL]).sdl).getMutationType()).toBeUndefined();
    // A mutation without its resolver, or declared twice, is refused at startup like a query field.
    const mutation = { mark: { args: z.object({ id: z.int() }), answer: z.boolean() } };
    const query = childrenGraphQL.query;
    const Query = childrenGraphQL.resolvers.Query;
    expect(() => buildGraphQLSchema([{ query, mutation, resolvers: { Query, Mutation: {} } }])).toThrow(
      /Mutation\.mark: no resolver/,
    );
    const module = { query: {}, mutation, resolvers: { Query: {}, Mutation: { mark: () => true } } };
    expect(() => buildGraphQLSchema([childrenGraphQL, module, module])).toThrow(
      /Mutation\.mark: declared by two modules/,
    );
    expect(buildGraphQLSchema([childrenGraphQL, module]).resolvers.Mutation?.mark).toBe(
      module.resolvers.Mutation.mark,
    );
  });

  it('validates the full event query and children with contacts', () => {
    for (const document of [FULL_EVENT, CHILDREN_WITH_CONTACTS]) {
      expect(validate(actual, parse(document), specifiedRules)).toEqual([]);
    }
  });

  it('takes its fields from the answer schemas: a field added there is a GraphQL field', () => {
    const extended = {
      query: queryFields({
        event: { ...eventGraphQL.query.event, answer: EventDetail.extend({ mood: z.int().nullable() }) },
      }),
      resolvers: eventGraphQL.resolvers,
    };
    const schema = buildSchema(buildGraphQLSchema([childrenGraphQL, extended]).sdl);
    expect(fieldsOf(schema, 'Event').mood).toEqual({ type: 'Int', args: [] });
    expect(fieldsOf(schema, 'Child')).toEqual(fieldsOf(expected, 'Child'));
    // The children query's answer type is the domain's ChildrenAnswer.
    expect(childrenGraphQL.query.children.answer).toBe(ChildrenAnswer);
  });

  it('refuses, at startup, a field declared twice, a field without a resolver and a stray resolver', () => {
    expect(() => buildGraphQLSchema([childrenGraphQL, childrenGraphQL])).toThrow(
      /Query\.children: declared by two modules/,
    );
    const query = { extra: { args: z.object({}), answer: z.string() } };
    expect(() => buildGraphQLSchema([{ query, resolvers: { Query: {} } }])).toThrow(
      /Query\.extra: no resolver/,
    );
    expect(() =>
      buildGraphQLSchema([{ query: {}, resolvers: { Query: { stray: childrenResolvers.Query.children } } }]),
    ).toThrow(/Query\.stray: a resolver without a field/);
  });
});
