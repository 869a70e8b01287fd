import type { BucketDetails } from '@portal/contracts';
import { Alert, Button, Card, Descriptions, Flex, Form, Popconfirm } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { useAppStore } from '../../../../app/store/appStore.ts';
import { UserSelect } from '../../../../components/admin/pickers.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { spaceApi, spaceKeys } from '../api.ts';
import { useSpaceT } from '../messages.ts';

/**
 * Who owns the space, and handing it to another user: the server lets its owner or an
 * administrator of every space do it (an admin by grant may not take a space over).
 */
export function OwnerCard({ space }: { space: BucketDetails }) {
  const t = useSpaceT();
  const userId = useAppStore((state) => state.userInfo?.id);
  const managesAll = useCan(POINTS.space.manage);
  const canPickUsers = useCan(POINTS.user.query) || managesAll;
  const mayTransfer = space.ownerId === userId || managesAll;
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const transfer = useInvalidatingMutation((id: string) => spaceApi.setOwner(space.id, id), {
    invalidate: [spaceKeys.all],
    success: t('ownerChanged'),
  });
  return (
    <Card title={t('owner')}>
      <Descriptions column={1} items={[{ key: 'owner', label: t('currentOwner'), children: space.ownerName ?? '—' }]} />
      {!mayTransfer ? (
        <Alert type="info" showIcon title={t('transferOwnerOnly')} />
      ) : !canPickUsers ? (
        <Alert type="info" showIcon title={t('pickUsersNeeded')} />
      ) : (
        <Form layout="vertical" style={{ maxWidth: 480 }}>
          <Form.Item label={t('newOwner')} htmlFor="space-new-owner">
            <Flex gap={8}>
              <UserSelect id="space-new-owner" value={ownerId} onChange={setOwnerId} style={{ flex: 1 }} />
              <Popconfirm
                title={t('confirmTransfer', { name: space.name })}
                description={t('transferHint')}
                onConfirm={() => (ownerId ? transfer.mutateAsync(ownerId).then(() => setOwnerId(null)) : undefined)}
              >
                <Button disabled={!ownerId || ownerId === space.ownerId} loading={transfer.isPending}>
                  {t('transfer')}
                </Button>
              </Popconfirm>
            </Flex>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
