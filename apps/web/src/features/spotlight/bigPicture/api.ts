/**
 * The Big Picture screen's typed client (docs/api.md "Big Picture"): the GraphQL operations BigPicture,
 * Attributes and ethnicities (typed from the server's schema, lib/graphql) and the
 * xlsx export (POST /api/v1/big-picture/export, its contract checked by the compiler).
 */

import { routes } from '@nursery/domain/common';
import type { BigPictureExportBody, BigPictureFilter, exportBigPicture } from '@nursery/domain/spotlight';
import { queryOptions } from '@tanstack/react-query';
import { type DownloadedFile, downloadRoute } from '../../../lib/download';
import { graphql, sendGraphQL } from '../../../lib/graphql';

const BIG_PICTURE = graphql(`query BigPicture($childIDs: [Int!], $siteID: Int!, $frameworkID: String!,
  $eventTypes: [SpotlightType!]!, $dateFrom: String!, $gender: ChildGender, $cohort: Int, $ethnicityID: Int,
  $eal: TriStateFilter, $eypp: TriStateFilter, $send: TriStateFilter, $twoYearFunded: TriStateFilter,
  $attributeID: Int, $attributeValue: String) {
  bigPicture(childIDs: $childIDs, siteID: $siteID, frameworkID: $frameworkID, eventTypes: $eventTypes,
    dateFrom: $dateFrom, gender: $gender, cohort: $cohort, ethnicityID: $ethnicityID, eal: $eal, eypp: $eypp,
    send: $send, twoYearFunded: $twoYearFunded, attributeID: $attributeID, attributeValue: $attributeValue) {
    children { id forename surname hasImage dob roomName
      gradingSummary { itemID eventType ageRangeID value count } }
  }
}`);

const ATTRIBUTES = graphql(`query Attributes {
  attributes { id name listItems { value item } }
}`);

const ETHNICITIES = graphql(`query Ethnicities {
  ethnicities { id name }
}`);

export const bigPictureApi = {
  report: (filter: BigPictureFilter) =>
    sendGraphQL(BIG_PICTURE, { ...filter }).then((a) => {
      // The bench's 'wheel render' figure runs from this moment (the answer parsed) to the wheel painted.
      performance.mark('big-picture-answer');
      return a.bigPicture;
    }),
  attributes: () => sendGraphQL(ATTRIBUTES).then((a) => a.attributes),
  ethnicities: () => sendGraphQL(ETHNICITIES).then((a) => a.ethnicities),
  download: (body: BigPictureExportBody): Promise<DownloadedFile> =>
    downloadRoute<typeof exportBigPicture>(routes.exportBigPicture, { body }),
};

export const bigPictureKeys = {
  report: (filter: BigPictureFilter) => ['big-picture', filter] as const,
  attributes: ['big-picture-attributes'] as const,
  ethnicities: ['big-picture-ethnicities'] as const,
};

/**
 * The report of one applied filter. Never kept on the device (it needs the server, spec 001 §7's cache and
 * network policy); within the session the same filter answers from memory for a minute, then refetches.
 */
export const bigPictureReportQuery = (filter: BigPictureFilter) =>
  queryOptions({
    queryKey: bigPictureKeys.report(filter),
    queryFn: () => bigPictureApi.report(filter),
    staleTime: 60_000,
    retry: false,
    meta: { persist: false },
  });

/** Reference lists of the advanced options: rarely change, so a visit within the half hour reads memory. */
export const attributesQuery = () =>
  queryOptions({
    queryKey: bigPictureKeys.attributes,
    queryFn: () => bigPictureApi.attributes(),
    staleTime: 30 * 60_000,
  });

export const ethnicitiesQuery = () =>
  queryOptions({
    queryKey: bigPictureKeys.ethnicities,
    queryFn: () => bigPictureApi.ethnicities(),
    staleTime: 30 * 60_000,
  });
