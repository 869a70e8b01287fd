import type { Application, ExternalApi } from '@portal/contracts';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { RemoteSingleSelect, type Source } from '../../../../components/admin/RemoteSelect.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { MethodTag } from '../../api-management/MethodTag.tsx';
import { grantApi, interfacesKey, searchApplications } from './api.ts';
import { ExpiryField, expiryOf } from './ExpiryField.tsx';
import { useInterfacesT } from './messages.ts';

interface GrantValues {
  callerApplicationId: string;
  apiId: string;
  expiresAt?: string;
}

interface GrantModalProps {
  application: Application;
  apis: readonly ExternalApi[];
  /** The caller picker searches every application (the list point), else those the user may open. */
  everyApplication: boolean;
  open: boolean;
  onClose: () => void;
}

/** Authorises another application to call one of this application's APIs, optionally until a future instant. */
export function GrantModal({ application, apis, everyApplication, open, onClose }: GrantModalProps) {
  const t = useInterfacesT();
  const key = interfacesKey(application.id);
  const source = useMemo<Source>(
    () => ({
      queryKey: [...interfacesKey(application.id), 'callers', everyApplication],
      search: async (keyword) =>
        (await searchApplications(everyApplication, keyword))
          .filter((app) => app.id !== application.id)
          .map((app) => ({ value: app.id, label: app.name })),
    }),
    [everyApplication, application.id],
  );
  const grant = useInvalidatingMutation(
    (values: GrantValues) => grantApi(application.id, { ...values, expiresAt: expiryOf(values.expiresAt) }),
    { invalidate: [key], success: t('granted.granted') },
  );
  return (
    <FormModal<GrantValues> open={open} title={t('granted.grant')} onCancel={onClose} onSubmit={(values) => grant.mutateAsync(values)}>
      <Form.Item name="callerApplicationId" label={t('granted.caller')} rules={[{ required: true, message: t('granted.required') }]}>
        <RemoteSingleSelect source={source} placeholder={t('granted.callerHint')} />
      </Form.Item>
      <Form.Item name="apiId" label={t('granted.api')} rules={[{ required: true, message: t('granted.required') }]}>
        <Select
          showSearch={{ optionFilterProp: 'title' }}
          options={apis.map((api) => ({
            value: api.id,
            title: `${api.method} ${api.path}`,
            label: (
              <>
                <MethodTag method={api.method} /> {api.path}
              </>
            ),
          }))}
        />
      </Form.Item>
      <ExpiryField />
    </FormModal>
  );
}
