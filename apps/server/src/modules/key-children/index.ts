// The key-children module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).

export type { AreaObservation, AreaRow } from './area-queries.ts';
export { areasJsonSql, lastObservationSql, observationsJsonSql, siteAreasSql } from './area-queries.ts';
export { learningAreas } from './presenter.ts';
export { siteOf } from './service.ts';
export type { SpotlightRef, SpotlightWindow } from './spotlight-queries.ts';
export { latestSpotlightSql, spotlightWindowSql, twoYearCheckSql } from './spotlight-queries.ts';
