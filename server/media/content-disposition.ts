/** The longest file name offered, in characters, before its extension. */
const NAME_MAX = 200;

/**
 * `Content-Disposition` for a file saved as `name.extension` (RFC 6266): the name as it is in
 * `filename*`, and in `filename` with what older clients cannot read replaced, for them.
 */
export function attachment(name: string, extension: string): string {
  const cleaned = name
    // Separators and control characters would make a path, or break the header; a lone
    // surrogate cannot be encoded; direction marks could show the extension as another.
    .replace(/[/\\\p{Cc}\p{Cs}]/gu, ' ')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Cut by characters, never inside one.
  const base = Array.from(cleaned).slice(0, NAME_MAX).join('') || 'song';
  const file = `${base}.${extension}`;
  const fallback = file.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(file).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
