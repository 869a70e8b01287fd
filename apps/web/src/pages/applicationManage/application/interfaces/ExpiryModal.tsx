import type { ApiAuthorization } from '@portal/contracts';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { interfacesKey, setGrantExpiry } from './api.ts';
import { ExpiryField, expiryOf, expiryValue } from './ExpiryField.tsx';
import { useInterfacesT } from './messages.ts';

interface ExpiryModalProps {
  applicationId: string;
  /** The authorisation whose end changes; null: closed. */
  editing: ApiAuthorization | null;
  onClose: () => void;
}

/** Changes when another application's authorisation to call an API ends (a future instant, or never). */
export function ExpiryModal({ applicationId, editing, onClose }: ExpiryModalProps) {
  const t = useInterfacesT();
  const save = useInvalidatingMutation(
    ({ id, expiresAt }: { id: string; expiresAt: string | null }) => setGrantExpiry(applicationId, id, expiresAt),
    { invalidate: [interfacesKey(applicationId)] },
  );
  return (
    // A form of its own per authorisation: a reused one kept the previous one's end.
    <FormModal<{ expiresAt?: string }>
      key={editing?.id ?? 'closed'}
      open={editing !== null}
      title={editing ? t('granted.expiryTitle', { caller: editing.callerApplicationName, method: editing.method, path: editing.path }) : ''}
      initialValues={{ expiresAt: expiryValue(editing?.expiresAt ?? null) }}
      onCancel={onClose}
      onSubmit={(values) => (editing ? save.mutateAsync({ id: editing.id, expiresAt: expiryOf(values.expiresAt) }) : Promise.resolve())}
    >
      <ExpiryField />
    </FormModal>
  );
}
