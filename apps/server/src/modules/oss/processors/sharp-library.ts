import type sharpLibrary from 'sharp';

type Sharp = typeof sharpLibrary;

let loaded: Promise<Sharp> | undefined;
let ready: Sharp | undefined;

/**
 * sharp, loaded the first time an image is processed: its native library adds about 28 MB to the
 * server's memory, which a server that processes no image should not carry from start-up.
 */
export function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((module) => (ready = configured(module.default)));
  return loaded;
}

/**
 * libvips' operation cache is off: it keeps up to 50 MB of recent operations for reuse, and ours never
 * repeat (each runs on the buffer of one request). Threads per image stay sharp's choice: 1 on glibc
 * without jemalloc (to limit the allocator's fragmentation), else one per core; the pixels held, which
 * the image budget counts, do not depend on it.
 */
function configured(sharp: Sharp): Sharp {
  sharp.cache(false);
  return sharp;
}

/** sharp where it is certainly loaded: pixels of a RawImage were decoded by it (decode-image.ts). */
export function loadedSharp(): Sharp {
  if (!ready) throw new Error('sharp is used before any image was decoded');
  return ready;
}
