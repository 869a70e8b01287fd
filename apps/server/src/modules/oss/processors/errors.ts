import { AppError } from '../../../platform/errors.ts';

/** Why an image could not be processed (`details.reason` carries it), with the code it is answered with. */
const CODES = {
  'invalid-processor': 'VALIDATION_FAILED',
  'not-an-image': 'UNSUPPORTED_MEDIA_TYPE',
  'too-many-pixels': 'PAYLOAD_TOO_LARGE',
  'too-large': 'PAYLOAD_TOO_LARGE',
  'crop-outside-image': 'BAD_REQUEST',
  'watermark-not-found': 'BAD_REQUEST',
  'watermark-not-an-image': 'BAD_REQUEST',
} as const;

export type ImageProblem = keyof typeof CODES;

/** A 4xx: the input or the definition cannot be processed, and the message says why. */
export class ImageProcessingError extends AppError {
  constructor(
    readonly reason: ImageProblem,
    message: string,
  ) {
    super(CODES[reason], message, { reason });
  }
}
