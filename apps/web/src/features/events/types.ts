/** A child of GetChildren (GraphQL): the fields the child picker and the view read. */
export interface SiteChild {
  id: number;
  forename: string;
  surname: string;
  hasImage: boolean;
  gender: string | null;
  dob: string;
  startDate: string;
  endDate: string | null;
  siteID: number;
  roomID: number | null;
}
