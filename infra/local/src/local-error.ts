/** A start-up problem the operator can fix; `npm start` prints its message as one line. */
export class LocalStackError extends Error {
  override readonly name = 'LocalStackError';
}
