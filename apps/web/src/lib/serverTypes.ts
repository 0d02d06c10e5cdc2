/**
 * Answers of the server calls the shell uses. Config and the user come from the domain's zod schemas
 * (types only, so no validator ships to the browser); the two small answers below have no domain
 * schema yet, so they live here until the lead moves them.
 */
import type { AppConfig, Me, SiteConfig } from '@nursery/domain';

export type AppConfigAnswer = AppConfig;
export type MeConfig = Me;
export type { SiteConfig };

/** GET /api/v1/home/overview?siteID=.. */
export interface HomeOverviewAnswer {
  dueIn: number;
}
