import type { Application } from '@portal/contracts';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuildEntry } from '../../../components/applications/BuildEntry.tsx';
import { useAppT } from './messages.ts';
import '../../../components/admin/messages.ts';

/** The console detail's build entry: a dialog that opens a studio application's studio or explains the other types. */
export function BuildButton({ application }: { application: Application }) {
  const t = useAppT();
  const { t: tk } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('build')}</Button>
      <Modal open={open} title={t('build')} onCancel={close} footer={null} width={640} destroyOnHidden>
        <BuildEntry application={application} extra={<Button onClick={close}>{tk('adminKit.close')}</Button>} />
      </Modal>
    </>
  );
}
