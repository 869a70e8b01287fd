import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toTreeData } from './orgTree.ts';
import { useOrgTree } from './useOrgTree.ts';
import type { ListFilter } from '../resource/types.ts';
import './messages.ts';

interface OrgTreeSelectProps {
  /** The chosen organisation id; null or undefined for none. */
  value?: string | null;
  onChange?: (orgId: string | null) => void;
  /** Set for a field inside a Form.Item (antd passes it) or with a visible <label htmlFor>. */
  id?: string;
  placeholder?: string;
  /** Accessible name when there is no label element. */
  'aria-label'?: string;
  /** Organisation ids not selectable (e.g. an organisation itself when choosing its new parent). */
  disabledIds?: readonly string[];
  allowClear?: boolean;
  style?: React.CSSProperties;
}

/**
 * Picks one organisation from the whole tree (GET /v1/org/tree/whole), searchable by name. Works
 * as a controlled Form field: `<Form.Item name="orgId" label="Organisation"><OrgTreeSelect /></Form.Item>`.
 */
export function OrgTreeSelect({ value, onChange, disabledIds, allowClear = true, ...rest }: OrgTreeSelectProps) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const treeData = useMemo(() => {
    const disabled = new Set(disabledIds);
    const mark = (nodes: ReturnType<typeof toTreeData>): ReturnType<typeof toTreeData> =>
      nodes.map((node) => ({ ...node, disabled: disabled.has(node.value), ...(node.children ? { children: mark(node.children) } : {}) }));
    return mark(toTreeData(tree.data ?? []));
  }, [tree.data, disabledIds]);

  return (
    <TreeSelect
      {...rest}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      treeData={treeData}
      loading={tree.isLoading}
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll={treeData.length < 50}
      placeholder={rest.placeholder ?? t('adminKit.chooseOrg')}
      notFoundContent={t('adminKit.empty')}
      popupMatchSelectWidth={false}
      style={{ minWidth: 220, ...rest.style }}
    />
  );
}

/**
 * An organisation filter for a resource page's list (sends `orgId` once one is chosen). `texts`
 * names it for screen readers and says what no choice means.
 */
export const orgFilter = (texts: { label: string; placeholder: string }): ListFilter<string | null, { orgId?: string }> => ({
  initial: null,
  query: (orgId) => ({ orgId: orgId ?? undefined }),
  render: (orgId, onChange) => <OrgTreeSelect value={orgId} onChange={onChange} aria-label={texts.label} placeholder={texts.placeholder} />,
});
