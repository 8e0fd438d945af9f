/**
 * How many characters a person sees counted: code points, as the schemas' maxLength counts them,
 * not UTF-16 units (`length`), which count an emoji or a rare CJK character twice.
 */
export const characters = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};
