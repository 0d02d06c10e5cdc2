/** en-GB strings of the agenda widget (spec 002 §8 Home and widgets). */
export const agendaStrings = {} as const;
