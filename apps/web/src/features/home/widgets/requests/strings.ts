/** en-GB strings of the requests widget (spec 002 §8 Home and widgets). */
export const requestsStrings = {} as const;
