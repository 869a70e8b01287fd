import type { AccessKeyView, AccessKeyWithSecret } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { UserSelect } from '../../../components/admin/pickers.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { keyApi, KEYS_ROOT, type KeyScope } from './api.ts';
import { KeyFormModal } from './KeyFormModal.tsx';
import { KeyTable, type KeyRights } from './KeyTable.tsx';
import { useOssKeysT } from './messages.ts';
import { SecretModal } from './SecretModal.tsx';

interface KeyTabProps {
  scope: KeyScope;
  rights: KeyRights & { create: boolean };
}

/** One tab of keys: the table, its create button and owner filter, the key dialog and the once-only secret. */
export function KeyTab({ scope, rights }: KeyTabProps) {
  const t = useOssKeysT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AccessKeyView | null | undefined>(undefined);
  const [issued, setIssued] = useState<AccessKeyWithSecret | null>(null);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const invalidate = [KEYS_ROOT];
  const toggle = useInvalidatingMutation((key: AccessKeyView) => keyApi.update(scope, key.accessKeyId, { enabled: !key.enabled }), {
    invalidate,
    success: false,
  });
  const rotate = useInvalidatingMutation((key: AccessKeyView) => keyApi.rotate(scope, key.accessKeyId), { invalidate, success: false });
  const remove = useInvalidatingMutation((key: AccessKeyView) => keyApi.remove(scope, key.accessKeyId), {
    invalidate,
    success: t('removed'),
  });

  const toolbar = (
    <Flex gap={8} wrap>
      {scope === 'every' && (
        <UserSelect
          aria-label={t('ownerFilter')}
          placeholder={t('ownerFilter')}
          allowClear
          value={ownerId}
          onChange={setOwnerId}
          style={{ minWidth: 220 }}
        />
      )}
      {rights.create && (
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('create')}
        </Button>
      )}
    </Flex>
  );

  return (
    <>
      <KeyTable
        scope={scope}
        rights={rights}
        filters={{ ownerId: ownerId ?? undefined }}
        toolbar={toolbar}
        onEdit={setEditing}
        onToggle={(key) => toggle.mutateAsync(key)}
        onRotate={async (key) => setIssued(await rotate.mutateAsync(key))}
        onRemove={(key) => remove.mutateAsync(key)}
      />
      <KeyFormModal
        scope={scope}
        editing={editing}
        onClose={() => setEditing(undefined)}
        onIssued={setIssued}
        onSaved={() => queryClient.invalidateQueries({ queryKey: KEYS_ROOT })}
      />
      <SecretModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
