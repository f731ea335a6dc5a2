/** A file that is not LAS, or whose header contradicts the file. */
export class LasFormatError extends Error {
  override name = 'LasFormatError';
}
