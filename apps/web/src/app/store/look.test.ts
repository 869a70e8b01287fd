import { describe, expect, it } from 'vitest';
import { BUILT_IN_LOOK, lookOf, type LookDefaults } from './look.ts';

const system: LookDefaults = {
  defaultTheme: { mode: 'dark', brandColor: '#13c2c2' },
  defaultLayout: { navStyle: 'TOP', leftMenuWidth: 280, topMenuHeight: 64 },
};

describe('lookOf', () => {
  it('shows the system default to a user who chose nothing', () => {
    expect(lookOf(system, {})).toEqual({ theme: system.defaultTheme, layoutConfig: system.defaultLayout });
  });

  it('keeps what the user chose and takes the rest from the system', () => {
    expect(lookOf(system, { mode: 'light' })).toEqual({
      theme: { mode: 'light', brandColor: '#13c2c2' },
      layoutConfig: system.defaultLayout,
    });
    expect(lookOf(system, { navStyle: 'LEFT', brandColor: '#304ffe' }).layoutConfig).toEqual({
      navStyle: 'LEFT',
      leftMenuWidth: 280,
      topMenuHeight: 64,
    });
  });

  it("falls back to the portal's own look while the configuration is unknown", () => {
    expect(lookOf(null, {})).toEqual({ theme: BUILT_IN_LOOK.defaultTheme, layoutConfig: BUILT_IN_LOOK.defaultLayout });
  });
});
