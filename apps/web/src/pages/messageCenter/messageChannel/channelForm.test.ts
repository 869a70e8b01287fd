import type { Channel } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { NEW_CHANNEL, testAddressKind, toChannelInput, toFormValues } from './channelForm.ts';

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', state: 'disabled', builtIn: false } as const;

const sms: Channel = {
  ...stamps,
  id: 'sms',
  name: 'SMS',
  type: 'sms',
  description: null,
  maxAttempts: 3,
  settings: {
    url: 'https://gw.example.test/send',
    method: 'POST',
    contentType: 'application/json',
    bodyTemplate: '{"to":"{{ phone }}"}',
    headers: [{ name: 'X-Account', value: 'a' }],
  },
  secrets: { headers: ['X-Api-Key'] },
};

describe('channel form values', () => {
  it('shows a stored SMS channel with its secret headers named but empty, and sends them back by name (kept)', () => {
    const values = toFormValues(sms);
    expect(values.sms?.secretHeaders).toEqual([{ name: 'X-Api-Key' }]);
    const input = toChannelInput({
      ...values,
      sms: { ...values.sms, secretHeaders: [...(values.sms?.secretHeaders ?? []), { name: ' X-New ', value: 'v' }, { name: '' }] },
    });
    expect(input).toEqual({
      type: 'sms',
      name: 'SMS',
      description: null,
      maxAttempts: 3,
      settings: { ...sms.settings },
      secrets: { headers: [{ name: 'X-Api-Key' }, { name: 'X-New', value: 'v' }] },
    });
  });

  it('leaves an empty password out (kept), sends a typed one, and null to remove it', () => {
    const email = {
      ...NEW_CHANNEL,
      name: ' Mail ',
      email: {
        host: ' smtp.example.test ',
        port: 465,
        security: 'tls' as const,
        fromAddress: 'a@example.test',
        fromName: '',
        username: 'u',
        password: '',
      },
    };
    const kept = toChannelInput(email);
    expect(kept).toMatchObject({
      type: 'email',
      name: 'Mail',
      settings: { host: 'smtp.example.test', port: 465, security: 'tls', username: 'u', from: { address: 'a@example.test', name: null } },
    });
    expect(kept).not.toHaveProperty('secrets');
    expect(toChannelInput({ ...email, email: { ...email.email, password: 'p' } })).toMatchObject({ secrets: { password: 'p' } });
    expect(toChannelInput({ ...email, email: { ...email.email, clearPassword: true } })).toMatchObject({ secrets: { password: null } });
  });

  it('sends only the chosen type, and a webhook secret only when one is typed', () => {
    const input = toChannelInput({
      ...NEW_CHANNEL,
      type: 'webhook',
      name: 'Hook',
      webhook: { url: 'https://h.example.test', replayWindowSeconds: 300 },
    });
    expect(input).toEqual({
      type: 'webhook',
      name: 'Hook',
      description: null,
      maxAttempts: 5,
      settings: { url: 'https://h.example.test', replayWindowSeconds: 300 },
    });
    expect(testAddressKind('webhook')).toBeNull();
    expect(testAddressKind('sms')).toBe('phone');
  });
});
