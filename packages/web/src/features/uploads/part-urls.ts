import type { PartUrl } from './upload-api.ts';

/** Part URLs older than this are signed again before use (they expire after 15 minutes). */
export const PART_URL_MAX_AGE_MS = 10 * 60_000;
/** Parts signed in one call when a part has no fresh URL (the server takes up to 100). */
export const PART_URLS_PER_CALL = 20;

/**
 * The presigned part URLs of one multipart upload. A part without a fresh URL is signed together
 * with the next parts waiting for one, so a file of more parts than the first answer covers does
 * not make a signing call between every two parts; a part already being signed is waited for.
 */
export class PartUrls {
  private readonly known = new Map<number, { url: string; at: number }>();
  private readonly signing = new Map<number, Promise<unknown>>();

  constructor(
    private readonly now: () => number,
    private readonly sign: (partNumbers: number[]) => Promise<PartUrl[]>,
  ) {}

  add(parts: readonly PartUrl[]): void {
    const at = this.now();
    for (const part of parts) this.known.set(part.partNumber, { url: part.signedUrl, at });
  }

  /**
   * The URL to send `partNumber` to. `renew` signs it again (a retry: the URL may have expired);
   * `upcoming` are the parts to be sent next, signed along with it when they need a URL too.
   */
  async get(partNumber: number, renew: boolean, upcoming: readonly number[] = []) {
    if (!renew) {
      const pending = this.signing.get(partNumber);
      if (pending) await pending.catch(() => {});
      const url = this.fresh(partNumber);
      if (url) return url;
    }
    const others = upcoming.filter(
      (other) => other !== partNumber && !this.fresh(other) && !this.signing.has(other),
    );
    const numbers = [partNumber, ...others.slice(0, PART_URLS_PER_CALL - 1)];
    const call = this.sign(numbers);
    for (const number of numbers) this.signing.set(number, call);
    try {
      const parts = await call;
      this.add(parts);
      const url = parts.find((part) => part.partNumber === partNumber)?.signedUrl;
      if (!url) throw new Error(`No upload URL for part ${partNumber}`);
      return url;
    } finally {
      for (const number of numbers) {
        if (this.signing.get(number) === call) this.signing.delete(number);
      }
    }
  }

  private fresh(partNumber: number): string | undefined {
    const known = this.known.get(partNumber);
    return known && this.now() - known.at < PART_URL_MAX_AGE_MS ? known.url : undefined;
  }
}
