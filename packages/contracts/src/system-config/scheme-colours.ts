import { Type, type Static } from 'typebox';

/*
 * The colours of a colour scheme, apart from the scheme's endpoints: the public configuration
 * (open-config.ts, read by /login) offers the schemes and must not bring the console's declarations.
 */

/** A colour as CSS writes it in hex: #rgb, #rrggbb or #rrggbbaa. */
export const HexColour = Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' });

/** The named tokens a scheme may set besides its primary colour (Ant Design's seed colours). */
export const COLOUR_TOKENS = ['success', 'warning', 'error', 'info', 'link', 'textBase', 'bgBase'] as const;
export type ColourToken = (typeof COLOUR_TOKENS)[number];

/** The tokens of COLOUR_TOKENS, each optional. */
export const SchemeColours = Type.Object(
  {
    success: Type.Optional(HexColour),
    warning: Type.Optional(HexColour),
    error: Type.Optional(HexColour),
    info: Type.Optional(HexColour),
    link: Type.Optional(HexColour),
    textBase: Type.Optional(HexColour),
    bgBase: Type.Optional(HexColour),
  },
  { additionalProperties: false },
);
export type SchemeColours = Static<typeof SchemeColours>;
