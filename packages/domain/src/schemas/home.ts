/** The Home screen's counts (spec 002 §2). */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { IdParam, IsoDate } from './primitives.ts';

export const HomeOverviewQuery = z.object({ siteID: IdParam });
export type HomeOverviewQuery = z.infer<typeof HomeOverviewQuery>;

export const HomeOverviewAnswer = z.object({
  /** Today at the site (its time zone). */
  date: IsoDate,
  /** Children booked today, not marked off and not yet checked in. */
  dueIn: z.number().int(),
});
export type HomeOverviewAnswer = z.infer<typeof HomeOverviewAnswer>;

export const getHomeOverview = defineRoute({
  method: 'GET',
  path: '/api/v1/home/overview',
  summary: "Home: today's count of children due in at a site",
  tags: ['home'],
  querystring: HomeOverviewQuery,
  response: { 200: HomeOverviewAnswer },
});
