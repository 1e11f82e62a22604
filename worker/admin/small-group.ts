/**
 * The small-group rule of the analytics screen (docs/decisions/0033): no figure may describe
 * fewer than MIN_GROUP users, so nobody can be singled out by comparing two screens. Counts of 1–4
 * are withheld (null, shown as "< 5"); 0 is shown, as it describes nobody. A rate is withheld when
 * its population is under MIN_GROUP or when the part it counts is 1–4 people ("1 of 40 cancelled"
 * is a figure about one person). A sum over people (MRR) is withheld when they are fewer than
 * MIN_GROUP.
 */
export const MIN_GROUP = 5;

const small = (n: number) => n > 0 && n < MIN_GROUP;

/** A count of users, or null when it is about 1–4 of them. */
export const safeCount = (count: number): number | null => (small(count) ? null : count);

/** part / whole rounded to 4 decimals, or null under the rule (or with no population at all). */
export function safeRate(part: number, whole: number): number | null {
  if (whole < MIN_GROUP || small(part) || small(whole - part)) return null;
  return Math.round((part / whole) * 10_000) / 10_000;
}

/** A total over `people` users (money, for instance), or null when they are 1–4. */
export const safeSum = (total: number, people: number): number | null => (small(people) ? null : total);
