import type { MenuNode } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import type { MenuNodeStore } from './api.ts';
import { moveNode, type Placement } from './menuTreeOps.ts';
import { useMenuT } from './messages.ts';

/**
 * PATCH .../{id}/order. The tree shows the move at once and goes back if the server refuses
 * (e.g. 409: the new parent already has a node of that name; the call's toast says why); then it
 * reloads either way, since a move rewrites the resource strings of the whole moved subtree.
 */
export function useMenuMove({ move, treeKey }: Pick<MenuNodeStore, 'move' | 'treeKey'>) {
  const t = useMenuT();
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: ({ id, placement }: { id: string; placement: Placement }) => move(id, placement),
    onMutate: async ({ id, placement }) => {
      await queryClient.cancelQueries({ queryKey: treeKey });
      const previous = queryClient.getQueryData<MenuNode[]>(treeKey);
      if (previous) queryClient.setQueryData(treeKey, moveNode(previous, id, placement));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(treeKey, context.previous);
    },
    onSuccess: () => void message.success(t('moved')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: treeKey }),
  });
}
