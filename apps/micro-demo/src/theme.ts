import type { MicroAppTheme } from '@portal/contracts';
import type { CSSProperties } from 'react';

export const ROOT_CLASS = 'micro-demo';

const FALLBACK_BRAND = '#304ffe';
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

const PALETTES = {
  light: { bg: '#ffffff', fg: 'rgba(0, 0, 0, 0.88)', muted: 'rgba(0, 0, 0, 0.6)', border: '#e5e7eb' },
  dark: { bg: '#1f1f1f', fg: 'rgba(255, 255, 255, 0.88)', muted: 'rgba(255, 255, 255, 0.6)', border: '#3a3a3a' },
} as const;

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** The shell's theme as CSS variables on the app's root; the style sheet below reads only these. */
export function themeVariables(theme: MicroAppTheme): CSSProperties {
  const brand = HEX_COLOUR.test(theme.brandColor) ? theme.brandColor : FALLBACK_BRAND;
  const palette = PALETTES[theme.mode] ?? PALETTES.light;
  const variables: Record<`--md-${string}`, string> = {
    '--md-brand': brand,
    '--md-on-brand': textOn(brand),
    '--md-bg': palette.bg,
    '--md-fg': palette.fg,
    '--md-muted': palette.muted,
    '--md-border': palette.border,
  };
  return variables as CSSProperties;
}

/** Scoped under the root class, so nothing leaks into the portal around it. */
export const STYLES = `
.${ROOT_CLASS} { box-sizing: border-box; min-height: 320px; padding: 24px; border-radius: 8px; background: var(--md-bg); color: var(--md-fg); font: 14px/1.6 system-ui, -apple-system, 'Segoe UI', sans-serif; }
.${ROOT_CLASS} h1 { margin: 0 0 12px; font-size: 20px; font-weight: 600; }
.${ROOT_CLASS} .md-app { margin: 0 0 8px; color: var(--md-brand); font-size: 12px; letter-spacing: 0.04em; text-transform: uppercase; }
.${ROOT_CLASS} .md-muted { color: var(--md-muted); }
.${ROOT_CLASS} .md-card { margin-top: 16px; padding: 16px; border: 1px solid var(--md-border); border-left: 4px solid var(--md-brand); border-radius: 8px; }
.${ROOT_CLASS} a { color: var(--md-brand); }
.${ROOT_CLASS} button { padding: 4px 14px; border: 0; border-radius: 6px; background: var(--md-brand); color: var(--md-on-brand); font: inherit; cursor: pointer; }
.${ROOT_CLASS} a:focus-visible, .${ROOT_CLASS} button:focus-visible { outline: 2px solid var(--md-brand); outline-offset: 2px; }
`;
