/**
 * User input → a safe FTS5 MATCH expression. Nothing the user types reaches FTS5's syntax: the
 * input is cut into the same tokens unicode61 would make (letters, digits, private-use characters),
 * everything else (quotes, `*`, `^`, `-`, `:`, parentheses, emoji, control characters) separates
 * tokens, and each token goes in double quotes, so `OR`, `NOT` and `NEAR` are plain words.
 */

/** Longer input is cut rather than refused (issue 16: "no error, sensible results or none"). */
export const MAX_QUERY_CHARS = 200;
/** Enough words for any real query; more would only make the MATCH costlier. */
export const MAX_QUERY_TOKENS = 12;

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

/** The tokens of a query, NFC first so a decomposed "ã" stays one letter. */
export const queryTokens = (input: string) => (input.slice(0, MAX_QUERY_CHARS).normalize("NFC").match(TOKEN) ?? []).slice(0, MAX_QUERY_TOKENS);

/**
 * Every token as a quoted prefix ("dent" finds "dentista"); a one-letter token only as a whole word,
 * since a one-letter prefix would walk a large part of the index. Empty when nothing is left.
 */
export const matchTerms = (input: string): string[] => queryTokens(input).map((token) => (token.length > 1 ? `"${token}"*` : `"${token}"`));

