import type { NoticeEntry } from '@portal/contracts';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../components/admin/useFeedback.ts';
import type { NoticeOpener } from '../../components/inbox/MessageView.tsx';
import { selfApplicationsQuery, appResourcesQuery } from '../api/workbench.ts';
import { queryClient } from '../queryClient.ts';
import { useNotificationsT } from './messages.ts';
import { noticeTargetOf, resolveNotice, type NoticeLookups } from './noticeTarget.ts';

const LOOKUP_STALE_MS = 60_000;

/** The shell's queries (same keys), so a notice click reuses what the workbench already loaded. */
const lookups: NoticeLookups = {
  applications: () => queryClient.fetchQuery({ ...selfApplicationsQuery, staleTime: LOOKUP_STALE_MS }),
  appMenu: (app) =>
    queryClient.fetchQuery({ ...appResourcesQuery(app.instant), staleTime: LOOKUP_STALE_MS }).then((resources) => resources.menus),
};

/** True when the notice names an application type, i.e. there is something to open. */
export const hasNoticeTarget = (notice: readonly NoticeEntry[] | undefined): boolean => noticeTargetOf(notice) !== null;

/**
 * The one notification click of the portal (spec §4), used by the bell, its toasts, the message
 * detail and the message centre: opens the notice's target, or says why it cannot. Resolves to
 * whether it navigated.
 */
export function useOpenNotice(): (notice: readonly NoticeEntry[] | undefined) => Promise<boolean> {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const t = useNotificationsT();
  return useCallback(
    async (notice) => {
      const target = noticeTargetOf(notice);
      if (!target) return false;
      const action = await resolveNotice(target, lookups).catch(() => null);
      if (!action) {
        void message.error(t('lookupFailed'));
        return false;
      }
      if (action.kind === 'navigate') {
        await navigate(action.to);
        return true;
      }
      void message.info(t(action.kind === 'unsupported' ? 'unsupported' : 'unavailable'));
      return false;
    },
    [navigate, message, t],
  );
}

/** The notice click for pages showing a message (MessageView), which cannot reach the shell themselves. */
export function useNoticeOpener(): NoticeOpener {
  const open = useOpenNotice();
  return useMemo(() => ({ canOpen: hasNoticeTarget, open }), [open]);
}
