/** en-GB strings of the sleep, meal, accident, nappy, media, history and view panels. */
export const careStrings = {} as const;
