import { ChangeEmailBody, ChangePhoneBody } from '@portal/contracts';
import { Form, Input } from 'antd';
import { MEMBER_QUERY } from '../../../app/shell/session.ts';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { SELF_PROFILE_KEY } from '../baseInfo/api.ts';
import { changeOwnEmail, changeOwnPhone } from './api.ts';
import { useSecurityT } from './messages.ts';

const FIELDS = {
  email: { schema: ChangeEmailBody, call: changeOwnEmail, autoComplete: 'email', inputMode: 'email' },
  phone: { schema: ChangePhoneBody, call: changeOwnPhone, autoComplete: 'tel', inputMode: 'tel' },
} as const;

interface Props {
  field: 'email' | 'phone';
  /** The mfa_token of purpose `field`; the dialog is closed without one. */
  token: string | undefined;
  current: string | null;
  onClose: () => void;
}

/** The new email or phone, once the mfa_token step gave `token`. A value in use elsewhere is shown beside the field. */
export function ChangeContactModal({ field, token, current, onClose }: Props) {
  const t = useSecurityT();
  const { schema, autoComplete, inputMode } = FIELDS[field];
  const call: (token: string, value: string) => Promise<unknown> = FIELDS[field].call;
  const change = useInvalidatingMutation((value: string) => call(token ?? '', value), {
    invalidate: [SELF_PROFILE_KEY, MEMBER_QUERY],
    success: t(`change.${field}Done`),
  });
  return (
    <FormModal<Record<typeof field, string>>
      open={token !== undefined}
      title={t(`change.${field}Title`)}
      initialValues={{ [field]: current ?? '' }}
      onCancel={onClose}
      onSubmit={(values) => change.mutateAsync(values[field].trim())}
    >
      <Form.Item name={field} label={t(`change.${field}`)} rules={schemaRules(schema, field, true)}>
        <Input autoFocus autoComplete={autoComplete} inputMode={inputMode} maxLength={254} />
      </Form.Item>
    </FormModal>
  );
}
