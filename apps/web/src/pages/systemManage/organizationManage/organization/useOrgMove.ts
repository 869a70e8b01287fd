import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import type { OrgNode } from '../../../../components/admin/orgTree.ts';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { moveOrg } from './api.ts';
import { applyMove, type OrgMove } from './orgMove.ts';
import '../../../../components/admin/messages.ts';

/**
 * PATCH /v1/org/{orgId}/order, shown in the tree at once; on failure the tree is reloaded from the
 * server, so it never shows an order the server refused.
 */
export function useOrgMove() {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: OrgMove }) => moveOrg(id, move),
    onMutate: async ({ id, move }) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_KEYS.orgTree });
      queryClient.setQueryData<OrgNode[]>(ADMIN_KEYS.orgTree, (tree) => (tree ? applyMove(tree, id, move) : tree));
    },
    onSuccess: () => void message.success(t('orgManage.orgs.moved')),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.orgTree }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.orgs }),
      ]),
  });
}
