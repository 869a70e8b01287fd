import type { InsideMessage } from '@portal/contracts';
import { excerpt } from './excerpt.ts';
import { ConfirmAction } from '../admin/ConfirmAction.tsx';
import { useInboxT } from './messages.ts';

/** Deletes one message from the user's inbox, after they confirm; `onDelete` does the call. */
export function DeleteMessageButton({ message, onDelete }: { message: InsideMessage; onDelete(): Promise<unknown> }) {
  const t = useInboxT();
  return (
    <ConfirmAction
      danger
      title={t('deleteConfirm', { title: excerpt(message.title, 60) })}
      description={t('deleteExplain')}
      okText={t('delete')}
      onConfirm={onDelete}
    >
      {t('delete')}
    </ConfirmAction>
  );
}
