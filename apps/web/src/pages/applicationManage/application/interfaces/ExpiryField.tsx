import { Form, Input } from 'antd';
import { fromLocalInput, isFutureOrBlank, toLocalInput } from './expiry.ts';
import { useInterfacesT } from './messages.ts';

/** The `expiresAt` form field: a local date and time in the future, or blank for no end. */
export function ExpiryField() {
  const t = useInterfacesT();
  return (
    <Form.Item
      name="expiresAt"
      label={t('granted.expiresAt')}
      extra={t('granted.expiryHint')}
      rules={[
        {
          validator: (_, value: string | undefined) =>
            isFutureOrBlank(value, new Date()) ? Promise.resolve() : Promise.reject(new Error(t('granted.expiryFuture'))),
        },
      ]}
    >
      <Input type="datetime-local" min={toLocalInput(new Date())} style={{ maxWidth: 260 }} />
    </Form.Item>
  );
}

/** The field's value as the server takes it: ISO 8601, or null for never. */
export const expiryOf = (value: string | undefined): string | null => fromLocalInput(value) ?? null;

/** The field's starting value for an authorisation's end. */
export const expiryValue = (expiresAt: string | null): string | undefined => (expiresAt ? toLocalInput(new Date(expiresAt)) : undefined);
