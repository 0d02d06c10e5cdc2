/** en-GB strings of the drafts list, its cards and the preview. */
export const draftsStrings = {} as const;
