import { templateEndpoints, type MessageTemplate } from '@portal/contracts';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { useCrudMutations } from '../../../components/admin/useCrudMutations.ts';
import { TEMPLATE_KEY } from './api.ts';
import { useTemplateT } from './messages.ts';
import '../../../components/admin/messages.ts';

export interface TemplateActionHandlers {
  onEdit?: (template: MessageTemplate) => void;
  onReceivers: (template: MessageTemplate) => void;
  /** After the template was deleted (a detail view goes back to the list). */
  onDeleted?: () => void;
}

/** Edit, default receivers and delete of one template, each behind its permission point. */
export function TemplateActions({ template, onEdit, onReceivers, onDeleted }: { template: MessageTemplate } & TemplateActionHandlers) {
  const t = useTemplateT();
  const { t: tk } = useTranslation();
  const canUpdate = useCan(POINTS.messageTemplate.update);
  const canSetReceivers = useCan(POINTS.messageTemplate.receivers);
  const canDelete = useCan(POINTS.messageTemplate.delete);
  // Only the lists reload: a deleted template's detail view is being left, not refetched into a 404.
  const { remove } = useCrudMutations(templateEndpoints, [[...TEMPLATE_KEY, 'page']]);
  return (
    <Flex wrap gap={4}>
      {canUpdate && onEdit && (
        <Button type="link" size="small" onClick={() => onEdit(template)}>
          {tk('adminKit.edit')}
        </Button>
      )}
      {canSetReceivers && (
        <Button type="link" size="small" onClick={() => onReceivers(template)}>
          {t('editReceivers')}
        </Button>
      )}
      {canDelete && (
        <ConfirmAction
          title={t('confirmDelete', { name: template.name })}
          description={t('deleteEffect')}
          onConfirm={() => remove.mutateAsync({ params: { id: template.id } }).then(() => onDeleted?.())}
          danger
        >
          {tk('adminKit.delete')}
        </ConfirmAction>
      )}
    </Flex>
  );
}
