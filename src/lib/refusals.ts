/*
 * What a member reads when the database (through PostgREST) refuses or never answers a change
 * of theirs: a star, a note, a collection. One wording for every store that saves.
 */

/** What a failed save says, by what the error tells. */
export function failureReason(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401 || status === 403) return 'Your session has ended: sign in again to save.';
  // No answer at all: fetch's TypeError, or a client's retryable error with status 0.
  if (error instanceof TypeError || status === 0)
    return 'The server could not be reached: check your connection and try again.';
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== ''
    ? `The server said: ${message}`
    : 'Something went wrong on the server: try again in a moment.';
}
