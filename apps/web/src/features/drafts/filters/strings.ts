/** en-GB strings of the drafts filters, the selection bar and the bulk actions. */
export const draftsFilterStrings = {} as const;
