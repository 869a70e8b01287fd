import { MenuUpdate, type MenuNode } from '@portal/contracts';
import { Form, Input, Radio, Switch, type FormRule } from 'antd';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../../components/admin/schemaRules.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import type { MenuNodeStore } from './api.ts';
import { ApiEntriesField } from './ApiEntriesField.tsx';
import { IconPicker } from './IconPicker.tsx';
import { siblingNames } from './menuTreeOps.ts';
import { formValuesOf, toMenuInput, toMenuUpdate, type MenuFormValues } from './menuValues.ts';
import { useMenuT } from './messages.ts';

/** What the editor is doing: a new node under a parent (null: top level), or changing a node. */
export type MenuEditTarget = { mode: 'create'; parent: MenuNode | null } | { mode: 'edit'; node: MenuNode };

interface MenuFormModalProps {
  target: MenuEditTarget | null;
  tree: readonly MenuNode[];
  onClose: () => void;
  onSaved: (node: MenuNode) => void;
  store: MenuNodeStore;
  /** Checks of the name beyond the pattern and the siblings' names (e.g. the server's uniqueness check). */
  nameRules?: (parentId: string | null, edited: MenuNode | undefined) => FormRule[];
}

/** The name is checked against the server this long after the last keystroke (when nameRules ask it). */
const NAME_CHECK_DELAY_MS = 400;

/**
 * Creates or edits a menu node, with the server's rules for its fields (MenuUpdate: MenuInput less
 * the parent and type, which are not typed in) and a sibling-name check.
 */
export function MenuFormModal({ target, tree, onClose, onSaved, store, nameRules }: MenuFormModalProps) {
  const t = useMenuT();
  const parentId = target?.mode === 'create' ? (target.parent?.id ?? null) : (target?.node.parentId ?? null);
  const save = useInvalidatingMutation(
    (values: MenuFormValues) =>
      target?.mode === 'edit'
        ? store.update(target.node.id, toMenuUpdate(values, target.node))
        : store.create(toMenuInput(values, parentId)),
    { invalidate: [store.treeKey], success: t('saved') },
  );

  const editedId = target?.mode === 'edit' ? target.node.id : undefined;
  const taken = new Set(siblingNames(tree, parentId, editedId));
  const uniqueName: FormRule = {
    validator: async (_, name: string | undefined) => {
      if (name && taken.has(name.trim())) throw new Error(t('nameTaken'));
    },
  };
  const title =
    target?.mode === 'edit'
      ? t('editTitle', { title: target.node.title })
      : target?.parent
        ? t('createTitle', { parent: target.parent.title })
        : t('createRootTitle');
  // Only pages sit at the top level; under a page a new node is most often a button.
  const initialValues: Partial<MenuFormValues> =
    target?.mode === 'edit'
      ? formValuesOf(target.node)
      : { type: target?.parent ? 'element' : 'path', api: [], detail: false, hide: false };

  return (
    <FormModal<MenuFormValues>
      open={target !== null}
      title={title}
      width={640}
      initialValues={initialValues}
      onCancel={onClose}
      onSubmit={async (values) => onSaved(await save.mutateAsync(values))}
    >
      <Form.Item name="type" label={t('type')}>
        <Radio.Group
          disabled={target?.mode === 'edit' || !target?.parent}
          options={[
            { value: 'path', label: t('typePath') },
            { value: 'element', label: t('typeElement') },
          ]}
        />
      </Form.Item>
      <Form.Item name="title" label={t('title_')} rules={schemaRules(MenuUpdate, 'title', true)}>
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        extra={t('nameHelp')}
        rules={[
          ...schemaRules(MenuUpdate, 'name', true, { pattern: t('namePattern') }),
          uniqueName,
          ...(nameRules?.(parentId, target?.mode === 'edit' ? target.node : undefined) ?? []),
        ]}
        validateFirst
        {...(nameRules ? { validateDebounce: NAME_CHECK_DELAY_MS, hasFeedback: true } : {})}
      >
        <Input spellCheck={false} />
      </Form.Item>
      <TypeFields />
    </FormModal>
  );
}

/** The fields of the chosen type: a page's look and navigation, or a button's API calls. */
function TypeFields() {
  const t = useMenuT();
  const type = Form.useWatch<MenuFormValues['type'] | undefined>('type');
  if (type === 'element') return <ApiEntriesField />;
  return (
    <>
      <Form.Item name="icon" label={t('icon')} extra={t('iconHelp')} rules={schemaRules(MenuUpdate, 'icon', false)}>
        <IconPicker />
      </Form.Item>
      <Form.Item
        name="redirect"
        label={t('redirect')}
        extra={t('redirectHelp')}
        rules={schemaRules(MenuUpdate, 'redirect', false, { pattern: t('namePattern') })}
      >
        <Input spellCheck={false} />
      </Form.Item>
      <Form.Item name="detail" label={t('detail')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="hide" label={t('hide')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
