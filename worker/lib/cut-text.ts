// One instance for the isolate: building a segmenter costs more than most cuts.
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * `text` cut to at most `max` UTF-16 units (what the API's length checks count), only between
 * characters as a reader sees them: never half an emoji (a lone surrogate shows as "�"), nor a
 * letter without its accent, a flag's half or part of a joined emoji.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
