import type { Application } from '@portal/contracts';
import { Form } from 'antd';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { UserSelect } from '../../../components/admin/pickers.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { APPLICATION_KEY, setApplicationOwner } from './api.ts';
import { useAppT } from './messages.ts';

/** The current owner's label, shown before any search. */
const ownerOptions = ({ ownerId, ownerName }: Application) => (ownerId ? [{ value: ownerId, label: ownerName ?? ownerId }] : []);

/** PATCH /applications/{id}/owner with a user chosen from the directory. */
export function OwnerModal({ application, onClose }: { application: Application | null; onClose: () => void }) {
  const t = useAppT();
  const change = useInvalidatingMutation((ownerId: string) => setApplicationOwner(application?.id ?? '', ownerId), {
    invalidate: [APPLICATION_KEY],
    success: t('ownerChanged'),
  });
  return (
    <FormModal<{ ownerId: string }>
      open={application !== null}
      title={application ? t('changeOwnerOf', { name: application.name }) : t('changeOwner')}
      initialValues={{ ownerId: application?.ownerId ?? undefined }}
      onCancel={onClose}
      onSubmit={({ ownerId }) => change.mutateAsync(ownerId)}
    >
      {application && (
        <Form.Item name="ownerId" label={t('newOwner')} rules={[{ required: true, message: t('pickOwner') }]}>
          <UserSelect knownOptions={ownerOptions(application)} />
        </Form.Item>
      )}
    </FormModal>
  );
}
