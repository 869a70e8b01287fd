import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { spaceApi, spaceKeys } from '../api.ts';
import { useFileT } from './messages.ts';
import { baseName, folderPrefixOf, movedKey, nameProblem, parentPrefix, renamedKey } from './objectKeys.ts';

/** What the dialog does: a new folder in the current one, or a file or folder renamed in place or moved to another folder. */
export type KeyAction = { kind: 'folder'; prefix: string } | { kind: 'rename'; key: string } | { kind: 'move'; key: string };

interface Values {
  value: string;
}

/** The key the action leads to, from what was typed (checked by the form's rules first). */
function targetOf(action: KeyAction, typed: string): string {
  const value = typed.trim();
  if (action.kind === 'folder') return `${action.prefix}${value}/`;
  if (action.kind === 'rename') return renamedKey(action.key, value);
  return movedKey(action.key, folderPrefixOf(value) ?? '');
}

/** One dialog for the three changes that name a key: new folder, rename, move (a rename to another folder). */
export function KeyDialog({ bucketId, action, onClose }: { bucketId: string; action: KeyAction | null; onClose: () => void }) {
  const t = useFileT();
  const change = useInvalidatingMutation<{ action: KeyAction; typed: string }, unknown>(
    ({ action: current, typed }) =>
      current.kind === 'folder'
        ? spaceApi.createFolder(bucketId, targetOf(current, typed))
        : spaceApi.rename(bucketId, current.key, targetOf(current, typed)),
    { invalidate: [spaceKeys.one(bucketId)], success: t('changed') },
  );
  const nameRule: Rule = {
    validator: (_rule, value: string | undefined) => {
      const problem = nameProblem(value ?? '');
      return problem ? Promise.reject(new Error(t(`nameProblems.${problem}`))) : Promise.resolve();
    },
  };
  const folderRule: Rule = {
    validator: (_rule, value: string | undefined) =>
      folderPrefixOf(value ?? '') === null ? Promise.reject(new Error(t('folderInvalid'))) : Promise.resolve(),
  };
  if (!action) return null;
  const moving = action.kind === 'move';
  const initial = action.kind === 'rename' ? baseName(action.key) : moving ? parentPrefix(action.key) : '';
  return (
    <FormModal<Values>
      open
      title={action.kind === 'folder' ? t('newFolder') : t(moving ? 'moveTitle' : 'renameTitle', { name: baseName(action.key) })}
      okText={action.kind === 'folder' ? t('create') : moving ? t('move') : t('rename')}
      initialValues={{ value: initial }}
      onCancel={onClose}
      onSubmit={(values) => change.mutateAsync({ action, typed: values.value })}
    >
      <Form.Item
        name="value"
        label={moving ? t('targetFolder') : t('newName')}
        extra={moving ? t('targetFolderHint') : t('nameHint')}
        rules={[{ required: !moving, message: t('nameProblems.empty') }, moving ? folderRule : nameRule]}
      >
        <Input autoFocus autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
