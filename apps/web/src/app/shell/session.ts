import type { FrontendResources, Member } from '@portal/contracts';
import { isAxiosError } from 'axios';
import i18n from 'i18next';
import { redirect } from 'react-router';
import { toastError } from '../api/notify.ts';
import { fetchFrontendResources, fetchMember } from '../api/portal.ts';
import { withQuery } from '../api/query.ts';
import { queryClient } from '../queryClient.ts';

export const MEMBER_QUERY = ['reception-center', 'member', 'who'] as const;
export const FRONTEND_QUERY = ['permission', 'users', 'resources', 'frontend'] as const;

/** The signed-in member. A 500 leads to /500, any other failure restarts sign-in at /auth (spec §8). */
export async function loadMember(target: string): Promise<Member> {
  try {
    return await queryClient.fetchQuery({ queryKey: MEMBER_QUERY, queryFn: fetchMember, staleTime: Infinity });
  } catch (error) {
    const status = isAxiosError(error) ? error.response?.status : undefined;
    throw redirect(withQuery(status === 500 ? '/500' : '/auth', { redirectUri: target }));
  }
}

/** The permitted menu and resources; on failure, a toast and an empty menu (the workbench still works). */
export async function loadFrontendResources(): Promise<FrontendResources> {
  try {
    return await queryClient.fetchQuery({ queryKey: FRONTEND_QUERY, queryFn: fetchFrontendResources, staleTime: Infinity });
  } catch {
    toastError(i18n.t('error.menu'));
    return { resources: [], menus: [] };
  }
}
