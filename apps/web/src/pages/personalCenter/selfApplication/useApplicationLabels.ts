import type { Application } from '@portal/contracts';
import { useSelfApplicationT } from './messages.ts';

/** Translated labels of an application's type, state and open type. */
export function useApplicationLabels() {
  const t = useSelfApplicationT();
  return {
    type: (type: Application['type']) => t(`type${type}`),
    state: (state: Application['state']) => t(state),
    openType: (openType: Application['openType']) => t(openType),
  };
}
