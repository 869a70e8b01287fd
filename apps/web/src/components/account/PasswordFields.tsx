import { Form, Input } from 'antd';
import { accountRules } from './fieldRules.ts';
import { useAccountT } from './messages.ts';

/**
 * A new password and its confirmation. With `usernameField`, the password may not equal that
 * field's value (the server's policy), checked as the user types.
 */
export function PasswordFields({ usernameField, labels }: { usernameField?: string; labels?: { password: string; confirm: string } }) {
  const t = useAccountT();
  return (
    <>
      <Form.Item
        name="password"
        label={labels?.password ?? t('field.password')}
        validateFirst
        dependencies={usernameField ? [usernameField] : []}
        rules={[
          ...accountRules('password', t),
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) => {
              const username: unknown = usernameField ? getFieldValue(usernameField) : undefined;
              const same =
                typeof value === 'string' && typeof username === 'string' && value.toLowerCase() === username.trim().toLowerCase();
              return same ? Promise.reject(new Error(t('rule.sameAsUsername'))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={256} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={labels?.confirm ?? t('field.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('rule.required') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('rule.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={256} />
      </Form.Item>
    </>
  );
}
