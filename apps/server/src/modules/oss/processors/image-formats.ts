import type { OutputFormat, ProcessorDefinition } from '@portal/contracts';

/** The formats an image may arrive in (SVG, PDF and the rest of libvips' loaders are refused). */
export const INPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

const CONTENT_TYPES: Record<InputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

/** The format a result is written in when no step converts it: the input's own when sharp writes it well. */
const KEPT: Record<InputFormat, OutputFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', gif: 'png', tiff: 'png' };

/** libvips' loader name as `metadata().format` reports it, narrowed to what is accepted. */
export function inputFormatOf(loader: string | undefined): InputFormat | undefined {
  if (loader === 'heif') return 'avif';
  return (INPUT_FORMATS as readonly string[]).includes(loader ?? '') ? (loader as InputFormat) : undefined;
}

export const contentTypeOf = (format: InputFormat | OutputFormat) => CONTENT_TYPES[format];

/** The last `convert` step's format, else the format the input is kept in. */
export function outputFormat(definition: ProcessorDefinition, input: InputFormat): OutputFormat {
  const convert = definition.steps.findLast((step) => step.op === 'convert');
  return convert?.format ?? KEPT[input];
}

/**
 * The content type a download through `definition` is answered with, known before processing
 * (for caching headers): from the stored object's content type. `undefined` when that is no image
 * the processors accept.
 */
export function outputContentType(definition: ProcessorDefinition, inputType: string): string | undefined {
  const bare = inputType.split(';')[0]!.trim().toLowerCase();
  const input = INPUT_FORMATS.find((format) => CONTENT_TYPES[format] === bare || (bare === 'image/jpg' && format === 'jpeg'));
  return input && contentTypeOf(outputFormat(definition, input));
}

const EXTENSIONS: Record<OutputFormat, string> = { webp: 'webp', avif: 'avif', png: 'png', jpeg: 'jpg' };

/** A name (a key or a file name) with the extension of `format` in place of its own: `a/photo.png` → `a/photo.webp`. */
export const renamedFor = (name: string, format: OutputFormat) => `${name.replace(/\.[^./]*$/, '')}.${EXTENSIONS[format]}`;

/** The output format a content type names, for naming a result. */
export const formatOfContentType = (contentType: string): OutputFormat | undefined =>
  (['webp', 'avif', 'png', 'jpeg'] as const).find((format) => contentTypeOf(format) === contentType);
