// The Big Picture's reads (spec 001 §7; issue 17), shared by the GraphQL resolvers and the xlsx export:
// check the filter against the session (another provider's site, child, framework, ethnicity or
// attribute answers 404, never an empty report that would confirm or deny it), then aggregate in SQL.
import { SITE_TIME_ZONE_DEFAULT, todayInZone, zonedDateTime } from '@nursery/domain/common';
import {
  type BigPictureExportBody,
  BigPictureFilter,
  type BigPictureGradingSummary,
  type BigPictureReport,
  bigPictureEventTypes,
  type ChildAttribute,
  type Ethnicity,
  GradingsOverviewArgs,
  type GradingsOverviewRow,
} from '@nursery/domain/spotlight';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { assertMayUseBigPicture } from './policy.ts';
import { attributeView, childrenView, overviewView } from './presenter.ts';
import {
  attributeExists,
  attributesOf,
  type BigPictureChildRow,
  childIdsAtSites,
  ethnicitiesOf,
  ethnicityExists,
  filteredChildren,
  frameworkUsable,
  type GradingScope,
  gradingSummary,
  gradingsOverview as overviewRows,
  spotlightTypes,
} from './queries.ts';

/** zod's first problem as the API's 400, naming the field (GraphQL checks types, not refinements). */
export function parseArgs<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.join('.');
  throw new AppError(400, 'err-invalid-request', `${path ? `${path}: ` : ''}${issue.message}`);
}

function assertAllowed(auth: AuthContext): void {
  assertMayUseBigPicture(auth, auth.providerFlags);
}

/** The children the filter keeps and the scope of their gradings. */
export interface BigPictureScope {
  filter: BigPictureFilter;
  children: BigPictureChildRow[];
  scope: GradingScope;
  timeZone: string;
  today: string;
  /** The event types counted (Birth to 5: learning stories only). */
  tags: ('snapshot' | 'learningStory')[];
}

/** Checks a Big Picture filter against the session and resolves its children. */
export async function resolveFilter(
  deps: AppDeps,
  auth: AuthContext,
  raw: unknown,
): Promise<BigPictureScope> {
  const f = parseArgs(BigPictureFilter, raw);
  assertAllowed(auth);
  const { db } = deps;
  const p = auth.providerId;
  const siteId = assertSite(auth, f.siteID);
  if (f.attributeValue != null && f.attributeID == null)
    throw new AppError(400, 'err-invalid-request', 'attributeValue: choose an attribute first.');
  // Birth to 5 counts learning stories only (spec 001 §5), whatever the client sent.
  const tags = [...new Set(bigPictureEventTypes(f.frameworkID, f.eventTypes))];
  const [fwOk, ethnicityOk, attributeOk, known, zone, types] = await Promise.all([
    frameworkUsable(db, p, f.frameworkID, siteId),
    f.ethnicityID != null ? ethnicityExists(db, p, f.ethnicityID) : true,
    f.attributeID != null ? attributeExists(db, p, f.attributeID) : true,
    f.childIDs ? childIdsAtSites(db, p, [siteId], f.childIDs) : null,
    siteTimeZone(db, p, siteId),
    spotlightTypes(db, p, tags),
  ]);
  if (!fwOk) throw notFound('Framework not found.');
  if (!ethnicityOk) throw notFound('Ethnicity not found.');
  if (!attributeOk) throw notFound('Attribute not found.');
  if (known && f.childIDs?.some((id) => !known.has(id))) throw notFound('Child not found.');
  const timeZone = zone ?? SITE_TIME_ZONE_DEFAULT;
  const today = todayInZone(deps.clock.now(), timeZone);
  const children = await filteredChildren(db, p, {
    siteId,
    childIds: f.childIDs ? [...new Set(f.childIDs)] : null,
    today,
    gender: f.gender,
    cohort: f.cohort,
    ethnicityId: f.ethnicityID,
    eal: f.eal,
    eypp: f.eypp,
    send: f.send,
    twoYearFunded: f.twoYearFunded,
    attributeId: f.attributeID,
    attributeValue: f.attributeValue,
  });
  return {
    filter: f,
    children,
    timeZone,
    today,
    tags,
    scope: {
      childIds: children.map((c) => c.id),
      itemPrefix: `/${f.frameworkID}/`,
      types,
      from: zonedDateTime(f.dateFrom, '00:00', timeZone),
    },
  };
}

/** bigPicture: the filtered children with their grading summaries. */
export async function bigPicture(deps: AppDeps, auth: AuthContext, raw: unknown): Promise<BigPictureReport> {
  const { children, scope } = await resolveFilter(deps, auth, raw);
  const summary = await gradingSummary(deps.db, auth.providerId, scope);
  return { children: childrenView(children, summary) };
}

/** The report's data for the export: the scope and its summary rows. */
export async function exportData(
  deps: AppDeps,
  auth: AuthContext,
  body: BigPictureExportBody,
): Promise<BigPictureScope & { summary: Map<number, BigPictureGradingSummary[]> }> {
  const { overrides: _, ...filter } = body;
  const resolved = await resolveFilter(deps, auth, filter);
  const summary = await gradingSummary(deps.db, auth.providerId, resolved.scope);
  return { ...resolved, summary };
}

/** gradingsOverview: the distinct gradings of children at the user's sites. */
export async function gradingsOverview(
  deps: AppDeps,
  auth: AuthContext,
  raw: unknown,
): Promise<GradingsOverviewRow[]> {
  const a = parseArgs(GradingsOverviewArgs, raw);
  assertAllowed(auth);
  const { db } = deps;
  const ids = [...new Set(a.childIDs)];
  const [known, fwOk, types] = await Promise.all([
    childIdsAtSites(db, auth.providerId, auth.siteIds, ids),
    frameworkUsable(db, auth.providerId, a.frameworkID, null),
    spotlightTypes(db, auth.providerId, [...new Set(bigPictureEventTypes(a.frameworkID, a.eventTypes))]),
  ]);
  if (ids.some((id) => !known.has(id))) throw notFound('Child not found.');
  if (!fwOk) throw notFound('Framework not found.');
  const rows = await overviewRows(db, auth.providerId, {
    childIds: ids,
    itemPrefix: `/${a.frameworkID}/`,
    types,
    from: zonedDateTime(a.dateFrom, '00:00', SITE_TIME_ZONE_DEFAULT),
  });
  return rows.map(overviewView);
}

export async function attributes(deps: AppDeps, auth: AuthContext): Promise<ChildAttribute[]> {
  assertAllowed(auth);
  return (await attributesOf(deps.db, auth.providerId)).map(attributeView);
}

export async function ethnicities(deps: AppDeps, auth: AuthContext): Promise<Ethnicity[]> {
  assertAllowed(auth);
  return ethnicitiesOf(deps.db, auth.providerId);
}
