import type { MenuNode } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { menuApi } from './api.ts';
import { moveNode, type Placement } from './menuTreeOps.ts';
import { useMenuT } from './messages.ts';

/**
 * PATCH /menus/{id}/order. The tree shows the move at once and goes back if the server refuses
 * (e.g. 409: the new parent already has a node of that name); then it reloads either way, since
 * a move rewrites the resource strings of the whole moved subtree.
 */
export function useMenuMove() {
  const t = useMenuT();
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: ({ id, placement }: { id: string; placement: Placement }) => menuApi.move(id, placement),
    onMutate: async ({ id, placement }) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_KEYS.menuTree });
      const previous = queryClient.getQueryData<MenuNode[]>(ADMIN_KEYS.menuTree);
      if (previous) queryClient.setQueryData(ADMIN_KEYS.menuTree, moveNode(previous, id, placement));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(ADMIN_KEYS.menuTree, context.previous);
    },
    onSuccess: () => void message.success(t('moved')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.menuTree }),
  });
}
