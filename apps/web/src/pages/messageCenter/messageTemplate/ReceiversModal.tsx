import type { MessageTemplate, Recipients, TemplateReceivers } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { RecipientFields, toRecipients } from '../../../components/admin/RecipientFields.tsx';
import type { PickOption } from '../../../components/admin/RemoteSelect.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { fetchReceivers, saveReceivers, TEMPLATE_KEY } from './api.ts';
import { useTemplateT } from './messages.ts';

/** The receivers' query, shared by the detail view and the dialog. */
export const useTemplateReceivers = (id: string | undefined) =>
  useQuery({ queryKey: [...TEMPLATE_KEY, 'receivers', id], queryFn: () => fetchReceivers(id ?? ''), enabled: id !== undefined });

/** Labels of the receivers the server names (users), so they show before any search. */
const known = (named: TemplateReceivers['users'] | undefined): PickOption[] =>
  (named ?? []).flatMap((receiver) => (receiver.name ? [{ value: receiver.id, label: receiver.name }] : []));

/**
 * PUT /v1/templates/{id}/receivers: the users, groups, roles and organisations a send with this
 * template reaches when it names none. Offered with the receivers point, which also lets its
 * holder search the people pickers.
 */
export function ReceiversModal({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const t = useTemplateT();
  const current = useTemplateReceivers(template?.id);
  const save = useInvalidatingMutation((receivers: Recipients) => saveReceivers(template?.id ?? '', receivers), {
    invalidate: [TEMPLATE_KEY],
    success: t('receiversSaved'),
  });
  return (
    <FormModal<Recipients>
      open={template !== null}
      width={720}
      title={t('editReceiversOf', { name: template?.name ?? '' })}
      initialValues={template?.receivers}
      onCancel={onClose}
      onSubmit={(values) => save.mutateAsync(toRecipients(values))}
    >
      <RecipientFields
        labels={{ users: t('users'), groups: t('groups'), roles: t('roles'), organizations: t('organizations') }}
        knownUsers={known(current.data?.users)}
      />
    </FormModal>
  );
}
