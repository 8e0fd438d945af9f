/**
 * Domain errors: services throw these and the central error handler turns them into
 * `{ message }` responses with the status. Anything else becomes a 500 with no details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string, field?: string) =>
  new AppError(413, message, field);
export const unsupportedMediaType = (message: string, field?: string) =>
  new AppError(415, message, field);
export const unprocessable = (message: string, field?: string) => new AppError(422, message, field);

/** A 429 naming the wait; `what` says what there was too much of (a sentence). */
export function tooManyRequests(retryAfterSeconds: number, what = 'Too many attempts.'): AppError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    `${what} Please try again in ${wait} second${wait === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(wait) },
  );
}
