/** What one processing run may cost; the defaults are what downloads get. */
export interface ImageLimits {
  /** Pixels of the decoded input and of every intermediate result (decompression bombs stop here). */
  maxPixels: number;
  /** Bytes read from the input before giving up. */
  maxInputBytes: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxPixels: 100_000_000, maxInputBytes: 256 * 1024 * 1024 };
