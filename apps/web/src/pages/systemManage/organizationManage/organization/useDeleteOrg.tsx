import { useQueryClient } from '@tanstack/react-query';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import type { OrgNode } from '../../../../components/admin/orgTree.ts';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { deleteOrg, fetchResourceRefs, refCounts } from './api.ts';
import '../../../../components/admin/messages.ts';

/** Labels of the counts the server is known to report; others show their key. */
const REF_LABELS: Record<string, string> = {
  users: 'orgManage.orgs.refs.users',
  children: 'orgManage.orgs.refs.children',
  positions: 'orgManage.orgs.refs.positions',
  stations: 'orgManage.orgs.refs.positions',
  roles: 'orgManage.orgs.refs.roles',
  secondaryUsers: 'orgManage.orgs.refs.secondaryUsers',
};

/**
 * Deleting an organisation: first what still refers to it (GET …/resource-ref) is shown in the
 * confirmation; if the server then refuses, its reason is shown in a dialog.
 */
export function useDeleteOrg(onDeleted: () => void) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const queryClient = useQueryClient();

  return async (org: OrgNode) => {
    const refs = await queryClient.fetchQuery({
      queryKey: [...ADMIN_KEYS.orgs, 'refs', org.id],
      queryFn: () => fetchResourceRefs(org.id),
      staleTime: 0,
    });
    const counts = refCounts(refs);
    modal.confirm({
      title: t('orgManage.orgs.confirmDelete', { name: org.name }),
      okText: t('adminKit.delete'),
      okButtonProps: { danger: true },
      cancelText: t('adminKit.cancel'),
      content: (
        <>
          {counts.length === 0 ? (
            <Typography.Paragraph>{t('orgManage.orgs.noRefs')}</Typography.Paragraph>
          ) : (
            <>
              <Typography.Paragraph>{t('orgManage.orgs.refsIntro')}</Typography.Paragraph>
              <List
                size="small"
                dataSource={counts}
                renderItem={({ key, count }) => (
                  <List.Item>
                    {REF_LABELS[key] ? t(REF_LABELS[key]) : key}: <strong>{count}</strong>
                  </List.Item>
                )}
              />
            </>
          )}
          <Typography.Paragraph type="secondary">{t('adminKit.cannotUndo')}</Typography.Paragraph>
        </>
      ),
      onOk: async () => {
        try {
          await deleteOrg(org.id);
          void message.success(t('adminKit.deleted'));
          onDeleted();
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.orgTree }),
            queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.orgs }),
          ]);
        } catch (error) {
          modal.error({
            title: t('orgManage.orgs.deleteRefused', { name: org.name }),
            content: apiErrorOf(error)?.message ?? t('orgManage.orgs.deleteFailed'),
          });
        }
      },
    });
  };
}
