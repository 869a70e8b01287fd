import { describe, expect, it } from 'vitest';
import { inputOf } from './providerInput.ts';

const values = {
  id: 'corp',
  name: 'Corp',
  issuer: 'https://idp.example.com',
  clientId: 'portal',
  scopes: ['profile'],
  enabled: true,
};

describe('inputOf', () => {
  it('sends no secret when the field is empty, so the stored one is kept, and no id', () => {
    const { id: _id, ...rest } = values;
    expect(inputOf({ ...values, clientSecret: '' })).toEqual({ ...rest, icon: null });
    expect(inputOf(values)).not.toHaveProperty('clientSecret');
  });

  it('sends a new secret, and an icon trimmed or null', () => {
    expect(inputOf({ ...values, clientSecret: 's3cret', icon: ' /icon.svg ' })).toMatchObject({
      clientSecret: 's3cret',
      icon: '/icon.svg',
    });
    expect(inputOf({ ...values, icon: '  ' }).icon).toBeNull();
  });
});
