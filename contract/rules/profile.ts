export const GENDERS = [
  'Man',
  'Woman',
  'Non-binary',
  'Something else',
  'Prefer not to say',
] as const;
export type Gender = (typeof GENDERS)[number];

export const MIN_BIRTH_YEAR = 1900;

export function validateName(name: string | undefined | null): string | null {
  return (name ?? '').trim() ? null : 'Name is required';
}

/** A real calendar date (yyyy-mm-dd) with a year from 1900 to the current year. */
export function validateDateOfBirth(
  value: string | undefined | null,
  now = new Date(),
): string | null {
  const message = 'Please enter a valid date of birth';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return message;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < MIN_BIRTH_YEAR || year > now.getUTCFullYear()) return message;
  if (date.getTime() > now.getTime()) return message;
  return null;
}

export function validateGender(value: string | undefined | null): string | null {
  return GENDERS.includes(value as Gender) ? null : 'Gender is required';
}
