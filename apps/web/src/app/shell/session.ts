import type { Application, FrontendResources, Member, NavmenuConfig } from '@portal/contracts';
import { isAxiosError } from 'axios';
import i18n from 'i18next';
import { redirect } from 'react-router';
import { toastError } from '../api/notify.ts';
import { fetchFrontendResources, fetchMember } from '../api/portal.ts';
import { withQuery } from '../../api/query.ts';
import { selfApplicationsQuery, userConfigQuery } from '../api/workbench.ts';
import { applyPreferences } from '../preferences/preferences.ts';
import { queryClient } from '../queryClient.ts';
import { useAppStore, type WorkbenchApp } from '../store/appStore.ts';
import { orderApplications } from '../workbench/navmenu.ts';

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

/** Failures of these are shown where the data is used (the workbench has its own error state). */
const quietly = <T>(load: Promise<T>, fallback: T): Promise<T> => load.catch(() => fallback);

const loadApplications = (): Promise<Application[]> => quietly(queryClient.fetchQuery(selfApplicationsQuery), []);

const loadNavmenu = (userId: string): Promise<NavmenuConfig | null> =>
  quietly(queryClient.fetchQuery(userConfigQuery(userId, 'Navmenu')), null);

/** The user's saved look, applied once per sign-in (afterwards the client state remembers it). */
async function loadPreferences(userId: string): Promise<void> {
  const { preferencesOf, setPreferencesOf } = useAppStore.getState();
  if (preferencesOf === userId) return;
  const saved = await quietly(queryClient.fetchQuery(userConfigQuery(userId, 'Preferences')), null);
  if (saved) await applyPreferences(saved);
  setPreferencesOf(userId);
}

export interface ShellSession {
  member: Member;
  frontend: FrontendResources;
  /** The applications the user may open, in the user's Navmenu order. */
  apps: WorkbenchApp[];
}

/** The load in progress: the shell's loader and the index route's (first landing) run at once. */
let inflight: Promise<ShellSession> | null = null;

/**
 * Everything a signed-in page needs, into the client state: member, permitted menu, applications
 * in the user's order, and the user's look. Concurrent callers share one load, so its toasts and
 * store updates happen once; the user's configs are asked for as soon as the member is known.
 */
export function loadShellSession(target: string): Promise<ShellSession> {
  inflight ??= loadSession(target).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function loadSession(target: string): Promise<ShellSession> {
  const member = loadMember(target);
  const [userInfo, frontend, applications, navmenu] = await Promise.all([
    member,
    loadFrontendResources(),
    loadApplications(),
    member.then(async ({ id }) => (await Promise.all([loadNavmenu(id), loadPreferences(id)]))[0]),
  ]);
  const apps = orderApplications(applications, navmenu);
  const { setSession, setRouters } = useAppStore.getState();
  setSession({ userInfo, menu: frontend.menus, resources: frontend.resources });
  setRouters(apps);
  return { member: userInfo, frontend, apps };
}
