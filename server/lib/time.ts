/** Timestamps are stored as ISO-8601 UTC text (see db/schema.ts). */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoDaysAgo(days: number, from = Date.now()): string {
  return new Date(from - days * 86_400_000).toISOString();
}
