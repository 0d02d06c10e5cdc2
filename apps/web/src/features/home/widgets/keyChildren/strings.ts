/** en-GB strings of the keyChildren widget (spec 002 §8 Home and widgets). */
export const keyChildrenStrings = {} as const;
