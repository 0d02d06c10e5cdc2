/** en-GB strings of the considerations widget (spec 002 §8 Home and widgets). */
export const considerationsStrings = {} as const;
