import { AppError } from '../../../platform/errors.ts';

/** Why an image could not be processed; `details.reason` carries it for clients and tests. */
export type ImageProblem =
  'not-an-image' | 'too-many-pixels' | 'too-large' | 'crop-outside-image' | 'watermark-not-found' | 'watermark-not-an-image';

const CODES = {
  'not-an-image': 'UNSUPPORTED_MEDIA_TYPE',
  'too-many-pixels': 'PAYLOAD_TOO_LARGE',
  'too-large': 'PAYLOAD_TOO_LARGE',
  'crop-outside-image': 'BAD_REQUEST',
  'watermark-not-found': 'BAD_REQUEST',
  'watermark-not-an-image': 'BAD_REQUEST',
} as const;

/** A 4xx: the input or the definition cannot be processed, and the message says why. */
export class ImageProcessingError extends AppError {
  constructor(
    readonly reason: ImageProblem,
    message: string,
  ) {
    super(CODES[reason], message, { reason });
  }
}
