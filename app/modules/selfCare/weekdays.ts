/** The weekdays' catalogue keys, Monday first (weeks start on Monday), for the card's strip and the form. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
