import { Type, type Static } from 'typebox';

/**
 * Image processors: named pipelines of steps applied to an image when it is downloaded with
 * `?x-process=<name>`. Every number is bounded so a definition cannot ask for unbounded work.
 */

/** The query parameter that names the processor a download goes through. */
export const PROCESS_QUERY_PARAM = 'x-process';

/** A processor's name: chosen by users, travels in download URLs. */
export const PROCESSOR_NAME_PATTERN = '^[a-z0-9][a-z0-9_-]{0,62}$';

export const PROCESSOR_LIMITS = {
  steps: 12,
  /** Largest width or height a resize or crop may produce. */
  dimension: 8192,
  /** Largest crop offset. */
  offset: 65_535,
  text: 200,
  fontSize: { min: 4, max: 512 },
  margin: 4096,
  objectKey: 1024,
  angle: 360,
} as const;

export const PROCESSOR_GRAVITIES = [
  'center',
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
] as const;
export type ProcessorGravity = (typeof PROCESSOR_GRAVITIES)[number];

export const RESIZE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export const OUTPUT_FORMATS = ['webp', 'avif', 'png', 'jpeg'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `#rrggbb`. */
export const HEX_COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';

const Dimension = Type.Integer({ minimum: 1, maximum: PROCESSOR_LIMITS.dimension });
const Offset = Type.Integer({ minimum: 0, maximum: PROCESSOR_LIMITS.offset });
const Colour = Type.String({ pattern: HEX_COLOUR_PATTERN });
const Opacity = Type.Number({ minimum: 0, maximum: 1 });
const Margin = Type.Integer({ minimum: 0, maximum: PROCESSOR_LIMITS.margin });
const Gravity = Type.Enum([...PROCESSOR_GRAVITIES]);

/** Scales to `width` and/or `height` (at least one; checked by `stepProblems` on the server). */
export const ResizeStep = Type.Object(
  {
    op: Type.Literal('resize'),
    width: Type.Optional(Dimension),
    height: Type.Optional(Dimension),
    fit: Type.Optional(Type.Enum([...RESIZE_FITS])),
    withoutEnlargement: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Cuts out a rectangle; it must lie inside the image it is applied to. */
export const CropStep = Type.Object(
  { op: Type.Literal('crop'), left: Offset, top: Offset, width: Dimension, height: Dimension },
  { additionalProperties: false },
);

/** Turns clockwise by `angle` degrees; corners uncovered by other angles than multiples of 90 are `background` (transparent if absent). */
export const RotateStep = Type.Object(
  {
    op: Type.Literal('rotate'),
    angle: Type.Integer({ minimum: -PROCESSOR_LIMITS.angle, maximum: PROCESSOR_LIMITS.angle }),
    background: Type.Optional(Colour),
  },
  { additionalProperties: false },
);

export const WatermarkTextStep = Type.Object(
  {
    op: Type.Literal('watermarkText'),
    text: Type.String({ minLength: 1, maxLength: PROCESSOR_LIMITS.text }),
    fontSize: Type.Optional(Type.Integer({ minimum: PROCESSOR_LIMITS.fontSize.min, maximum: PROCESSOR_LIMITS.fontSize.max })),
    color: Type.Optional(Colour),
    opacity: Type.Optional(Opacity),
    gravity: Type.Optional(Gravity),
    margin: Type.Optional(Margin),
  },
  { additionalProperties: false },
);

/** Lays another image of the same bucket over this one; `scale` is its width as a share of the image's width. */
export const WatermarkImageStep = Type.Object(
  {
    op: Type.Literal('watermarkImage'),
    key: Type.String({ minLength: 1, maxLength: PROCESSOR_LIMITS.objectKey }),
    gravity: Type.Optional(Gravity),
    opacity: Type.Optional(Opacity),
    scale: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1 })),
    margin: Type.Optional(Margin),
  },
  { additionalProperties: false },
);

/** Encodes the result as `format`; quality 1–100 (for png below 100 it quantises to a palette). */
export const ConvertStep = Type.Object(
  {
    op: Type.Literal('convert'),
    format: Type.Enum([...OUTPUT_FORMATS]),
    quality: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const ProcessorStep = Type.Union([ResizeStep, CropStep, RotateStep, WatermarkTextStep, WatermarkImageStep, ConvertStep]);
export type ProcessorStep = Static<typeof ProcessorStep>;
export type ProcessorOp = ProcessorStep['op'];
export type StepOf<Op extends ProcessorOp> = Extract<ProcessorStep, { op: Op }>;

/** Each step's schema by its `op`: the text format and the validators read parameters from here. */
export const PROCESSOR_STEP_SCHEMAS = {
  resize: ResizeStep,
  crop: CropStep,
  rotate: RotateStep,
  watermarkText: WatermarkTextStep,
  watermarkImage: WatermarkImageStep,
  convert: ConvertStep,
} as const;

export const ProcessorDefinition = Type.Object(
  {
    name: Type.String({ pattern: PROCESSOR_NAME_PATTERN, maxLength: 63 }),
    steps: Type.Array(ProcessorStep, { minItems: 1, maxItems: PROCESSOR_LIMITS.steps }),
  },
  { additionalProperties: false },
);
export type ProcessorDefinition = Static<typeof ProcessorDefinition>;
