/** The longest file name offered, in characters, before its extension. */
const NAME_MAX = 200;

/**
 * `Content-Disposition` for a file saved as `name.extension` (RFC 6266): the name as it is in
 * `filename*`, and in `filename` with what older clients cannot read replaced, for them.
 */
export function attachment(name: string, extension: string): string {
  const base =
    name
      // Separators and control characters would make a path, or break the header.
      .replace(/[/\\\p{Cc}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, NAME_MAX) || 'song';
  const file = `${base}.${extension}`;
  const fallback = file.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(file).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
