/** en-GB strings of the gradings, next steps and assessment panels. */
export const assessmentStrings = {} as const;
