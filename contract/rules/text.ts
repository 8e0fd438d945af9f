/**
 * Text measured in characters as people count them: code points, as the schemas' maxLength
 * counts them, not UTF-16 units (`length`), which count an emoji or a rare CJK character twice.
 */

/** How many characters `text` holds. */
export const characters = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** The first `max` characters of `text`, cut between code points, never inside one. */
export function firstCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  const all = Array.from(text);
  return all.length > max ? all.slice(0, max).join('') : text;
}
