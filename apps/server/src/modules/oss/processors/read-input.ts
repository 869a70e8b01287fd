import type { Readable } from 'node:stream';
import { ImageProcessingError } from './errors.ts';

/** The whole input (libvips needs all of an image to decode it), refusing more than `maxBytes`. */
export async function readInput(input: Buffer | Readable, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(input)) {
    if (input.length > maxBytes) throw tooLarge(maxBytes);
    return input;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of input) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += bytes.length;
    if (total > maxBytes) {
      input.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}

const tooLarge = (maxBytes: number) =>
  new ImageProcessingError('too-large', `The image is larger than ${maxBytes} bytes, the most a processor reads`);
