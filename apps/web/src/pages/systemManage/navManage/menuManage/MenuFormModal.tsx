import { MenuInput, type MenuNode } from '@portal/contracts';
import { Form, Input, Radio, Switch, type FormRule } from 'antd';
import { MenuIcon } from '../../../../app/layout/menuIcons.tsx';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { rulesFromSchema, type RuleTexts } from '../../roleManage/schemaRules.ts';
import { MENU_TREE_KEY, menuApi } from './api.ts';
import { ApiEntriesField } from './ApiEntriesField.tsx';
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
}

/** Creates or edits a menu node, with the server's MenuInput rules and a sibling-name check. */
export function MenuFormModal({ target, tree, onClose, onSaved }: MenuFormModalProps) {
  const t = useMenuT();
  const texts: RuleTexts = {
    required: t('required'),
    tooShort: (min) => t('tooShort', { min }),
    tooLong: (max) => t('tooLong', { max }),
    pattern: t('namePattern'),
  };
  const parentId = target?.mode === 'create' ? (target.parent?.id ?? null) : (target?.node.parentId ?? null);
  const save = useInvalidatingMutation(
    (values: MenuFormValues) =>
      target?.mode === 'edit'
        ? menuApi.update(target.node.id, toMenuUpdate(values, target.node))
        : menuApi.create(toMenuInput(values, parentId)),
    { invalidate: [MENU_TREE_KEY], success: t('saved') },
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
      <Form.Item name="title" label={t('title_')} rules={rulesFromSchema(MenuInput.properties.title, texts, true)}>
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('name')}
        extra={t('nameHelp')}
        rules={[...rulesFromSchema(MenuInput.properties.name, texts, true), uniqueName]}
      >
        <Input spellCheck={false} />
      </Form.Item>
      <TypeFields texts={texts} />
    </FormModal>
  );
}

/** The fields of the chosen type: a page's look and navigation, or a button's API calls. */
function TypeFields({ texts }: { texts: RuleTexts }) {
  const t = useMenuT();
  const type = Form.useWatch<MenuFormValues['type'] | undefined>('type');
  const icon = Form.useWatch<string | null | undefined>('icon');
  if (type === 'element') return <ApiEntriesField />;
  return (
    <>
      <Form.Item name="icon" label={t('icon')} extra={t('iconHelp')} rules={rulesFromSchema(MenuInput.properties.icon, texts, false)}>
        <Input spellCheck={false} suffix={<MenuIcon name={icon ?? null} />} />
      </Form.Item>
      <Form.Item
        name="redirect"
        label={t('redirect')}
        extra={t('redirectHelp')}
        rules={rulesFromSchema(MenuInput.properties.redirect, texts, false)}
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
