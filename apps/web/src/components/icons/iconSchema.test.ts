import { describe, expect, it } from 'vitest';
import { uploadedIconNames, uploadedIconUrl } from './iconSchema.ts';

const schema = {
  classifications: [
    { classification: 'arrows', icons: [{ name: 'left', contentType: 'image/svg+xml', url: '/open/icons/arrows/left?v=1' }] },
    { classification: 'brands', icons: [{ name: 'acme', contentType: 'image/png', url: '/open/icons/brands/acme?v=2' }] },
  ],
};

describe('the icon schema', () => {
  it('finds an uploaded icon by name in any classification', () => {
    expect(uploadedIconUrl(schema, 'acme')).toBe('/open/icons/brands/acme?v=2');
    expect(uploadedIconUrl(schema, 'SettingOutlined')).toBeUndefined();
    expect(uploadedIconUrl(undefined, 'acme')).toBeUndefined();
  });

  it('lists the names by classification for a picker', () => {
    expect(uploadedIconNames(schema)).toEqual([
      { classification: 'arrows', names: ['left'] },
      { classification: 'brands', names: ['acme'] },
    ]);
  });
});
