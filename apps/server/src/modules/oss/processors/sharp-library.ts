import type sharpLibrary from 'sharp';

type Sharp = typeof sharpLibrary;

let loaded: Promise<Sharp> | undefined;
let ready: Sharp | undefined;

/**
 * sharp, loaded the first time an image is processed: its native library adds about 28 MB to the
 * server's memory, which a server that processes no image should not carry from start-up.
 */
export function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((module) => (ready = module.default));
  return loaded;
}

/** sharp where it is certainly loaded: pixels of a RawImage were decoded by it (decode-image.ts). */
export function loadedSharp(): Sharp {
  if (!ready) throw new Error('sharp is used before any image was decoded');
  return ready;
}
