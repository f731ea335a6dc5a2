/** A conversion failure whose message is the text shown to the user (spec §8). */
export class LayerConversionError extends Error {
  override readonly name = 'LayerConversionError';
}

export function fail(message: string): never {
  throw new LayerConversionError(message);
}
