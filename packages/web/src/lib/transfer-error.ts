/** A failed PUT: `status` is the HTTP status, absent for a network error. */
export class TransferError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}
