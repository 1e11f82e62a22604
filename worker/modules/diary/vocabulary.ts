/** The diary's fixed vocabulary and bounds, shared by the schema, the API and the screens (no table access). */

/** The specification's emotions (translated on screen; stored by these keys). */
export const EMOTIONS = ["happy", "sad", "anxious", "calm", "energetic", "tired", "grateful", "frustrated", "hopeful", "nostalgic"] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Catalogue keys of the ISO weekdays 1 (Monday) … 7 (Sunday). */
export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
/** Catalogue keys of the moods 1 … 5. */
export const MOOD_KEYS = ["veryBad", "bad", "okay", "good", "veryGood"] as const;

export const CONTENT_MAX = 20_000;
export const TITLE_MAX = 200;
/** The list's word filter (`q`, decision 0115): 2 characters at least (the search index's shortest prefix), 200 at most (the global search's cut). */
export const WORDS_MIN = 2;
export const WORDS_MAX = 200;
