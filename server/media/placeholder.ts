/** The largest side a placeholder image is drawn at; the original client asks for 48 and 150. */
export const PLACEHOLDER_MAX_SIDE = 2000;

/**
 * A neutral cover for a slot that has no image: a dark square with a music note, scaled to the
 * asked size. The original client points its empty playlist covers at /api/placeholder/:w/:h.
 */
export function placeholderSvg(width: number, height: number): string {
  const side = Math.min(width, height);
  const note = side * 0.4;
  const x = (width - note) / 2;
  const y = (height - note) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#282828"/>` +
    `<g transform="translate(${x} ${y}) scale(${note / 24})" fill="#7f7f7f" stroke="#7f7f7f">` +
    '<path d="M9 18V5l12-2v13" fill="none" stroke-width="2"/>' +
    '<circle cx="6" cy="18" r="3"/><circle cx="18" cy="16" r="3"/>' +
    '</g></svg>'
  );
}
