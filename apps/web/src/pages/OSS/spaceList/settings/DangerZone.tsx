import type { BucketDetails } from '@portal/contracts';
import { Button, Card, Flex, Input, Modal, Typography } from 'antd';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { spaceApi, spaceKeys } from '../api.ts';
import { useSpaceT } from '../messages.ts';

/** Deleting every object, confirmed by typing the space's name (the server checks the same name). */
function DeleteDataDialog({ space, open, onClose }: { space: BucketDetails; open: boolean; onClose: () => void }) {
  const t = useSpaceT();
  const { t: kit } = useTranslation();
  const { message } = useFeedback();
  const [typed, setTyped] = useState('');
  const removeData = useInvalidatingMutation(() => spaceApi.removeData(space.id, typed), { invalidate: [spaceKeys.all], success: false });
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('deleteDataTitle', { name: space.name })}
      okText={t('deleteData')}
      cancelText={kit('adminKit.cancel')}
      okButtonProps={{ danger: true, disabled: typed !== space.name, loading: removeData.isPending }}
      onOk={() =>
        void removeData
          .mutateAsync()
          .then((result) => {
            void message.success(t('dataDeleted', { count: result.deleted }));
            close();
          })
          .catch(() => undefined)
      }
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('deleteDataWarning', { objects: space.objects })}</Typography.Paragraph>
      <label htmlFor="delete-data-name">{t('typeNameToConfirm', { name: space.name })}</label>
      <Input id="delete-data-name" autoFocus autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
    </Modal>
  );
}

/** The destructive actions: empty the space (typed confirmation), delete it once empty. */
export function DangerZone({ space, onDeleted }: { space: BucketDetails; onDeleted: () => void }) {
  const t = useSpaceT();
  const { t: kit } = useTranslation();
  const [emptying, setEmptying] = useState(false);
  const remove = useInvalidatingMutation(() => spaceApi.remove(space.id), {
    invalidate: [spaceKeys.list],
    success: kit('adminKit.deleted'),
  });
  return (
    <Card title={t('dangerZone')}>
      <Flex vertical gap={12} align="start">
        <Typography.Text>{t('deleteDataHint')}</Typography.Text>
        <Button danger disabled={space.objects === 0} onClick={() => setEmptying(true)}>
          {t('deleteData')}
        </Button>
        <Typography.Text>{space.objects === 0 ? t('deleteHint') : t('deleteNeedsEmpty')}</Typography.Text>
        <ConfirmAction
          danger
          title={t('confirmDelete', { name: space.name })}
          onConfirm={() => remove.mutateAsync().then(onDeleted)}
          buttonProps={{ type: 'default', size: 'middle', disabled: space.objects > 0 }}
        >
          {t('deleteSpace')}
        </ConfirmAction>
      </Flex>
      <DeleteDataDialog space={space} open={emptying} onClose={() => setEmptying(false)} />
    </Card>
  );
}
