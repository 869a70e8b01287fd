import type { NavmenuConfig } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { userConfigKey, selfApplicationsQuery, userConfigQuery, saveUserConfig } from '../api/workbench.ts';
import { useAppStore, type WorkbenchApp } from '../store/appStore.ts';
import { orderApplications, toNavmenu } from './navmenu.ts';

/**
 * The user's applications in their order with their favourites, and a way to save a new order or
 * favourite set (the 'Navmenu' user config). Saving shows the change at once and rolls it back if
 * the server refuses; saves run one after another, so the last change is the one kept.
 */
export function useWorkbench() {
  const queryClient = useQueryClient();
  const userId = useAppStore((state) => state.userInfo?.id) ?? '';
  const setRouters = useAppStore((state) => state.setRouters);
  const navmenuKey = userConfigKey(userId, 'Navmenu');
  const applications = useQuery(selfApplicationsQuery);
  const navmenu = useQuery({ ...userConfigQuery(userId, 'Navmenu'), enabled: !!userId });
  const loaded = applications.isSuccess && (navmenu.isSuccess || navmenu.isError);
  const apps = useMemo(() => orderApplications(applications.data ?? [], navmenu.data), [applications.data, navmenu.data]);

  useEffect(() => {
    if (loaded) setRouters(apps);
  }, [loaded, apps, setRouters]);

  const save = useMutation({
    scope: { id: 'navmenu' },
    mutationFn: (config: NavmenuConfig) => saveUserConfig(userId, { name: 'Navmenu', config }),
    onMutate: async (config) => {
      await queryClient.cancelQueries({ queryKey: navmenuKey });
      const previous = queryClient.getQueryData<NavmenuConfig | null>(navmenuKey);
      queryClient.setQueryData(navmenuKey, config);
      return { previous };
    },
    onError: (_error, _config, context) => queryClient.setQueryData(navmenuKey, context?.previous ?? null),
  });

  return {
    apps,
    /** The applications in the server's order (categories keep this order). */
    reference: applications.data ?? [],
    isLoading: applications.isPending || (!!userId && navmenu.isPending),
    isError: applications.isError,
    retry: () => void applications.refetch(),
    save: (next: readonly WorkbenchApp[]) => save.mutate(toNavmenu(next)),
  };
}
