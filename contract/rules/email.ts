/** Text, an at sign, text, a dot, text, with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** E-mail addresses are unique case-insensitively, so they are stored and compared lowercased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function validateEmail(value: string | undefined | null): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return 'Email is required';
  if (!isValidEmail(trimmed)) return 'Please enter a valid email';
  return null;
}

/**
 * Shows the first and last characters of the local part and of the domain name with stars
 * between, e.g. `j******e@g***l.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.');
  const domainName = dot < 0 ? domain : domain.slice(0, dot);
  const tld = dot < 0 ? '' : domain.slice(dot);
  return `${maskPart(local)}@${maskPart(domainName)}${tld}`;
}

function maskPart(part: string): string {
  if (part.length <= 2) return part;
  return `${part[0]}${'*'.repeat(part.length - 2)}${part[part.length - 1]}`;
}
