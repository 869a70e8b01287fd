import { COLOUR_TOKENS, type ColourToken, type SchemeColours } from '@portal/contracts';

/** Ant Design's seed token for each colour a scheme may set. */
const SEED_TOKEN: Record<ColourToken, string> = {
  success: 'colorSuccess',
  warning: 'colorWarning',
  error: 'colorError',
  info: 'colorInfo',
  link: 'colorLink',
  textBase: 'colorTextBase',
  bgBase: 'colorBgBase',
};

/** A scheme's colours as Ant Design seed tokens (for a ConfigProvider's theme): the primary and those it sets. */
export function schemeTokens(scheme: { primary?: string | undefined; colours?: SchemeColours | undefined }): Record<string, string> {
  const tokens: Record<string, string> = scheme.primary ? { colorPrimary: scheme.primary } : {};
  for (const token of COLOUR_TOKENS) {
    const colour = scheme.colours?.[token];
    if (colour) tokens[SEED_TOKEN[token]] = colour;
  }
  return tokens;
}

/** The colours with the cleared ones left out (the schema takes a token or nothing, never an empty string). */
export function withoutBlank(colours: Partial<Record<ColourToken, string | undefined | null>>): SchemeColours {
  return Object.fromEntries(Object.entries(colours).filter((entry): entry is [string, string] => Boolean(entry[1]))) as SchemeColours;
}

/** What the browser's colour input shows for a hex colour: #rrggbb only (short forms widened, alpha dropped; black when unset). */
export function nativeColourOf(hex: string | undefined): string {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex ?? '')?.[1];
  if (!digits) return '#000000';
  const long = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits.slice(0, 6);
  return `#${long.toLowerCase()}`;
}
