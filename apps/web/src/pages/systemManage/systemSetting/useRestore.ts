import type { SettingsSection } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useFeedback } from '../../../components/admin/useFeedback.ts';
import { sectionKey, settingsApi, type SectionState } from '../../../components/settings/settingsApi.ts';
import { useSystemSettingT } from './messages.ts';

/**
 * Restoring a past version of a section: it becomes current as a new version; the section and its
 * history are reloaded and `onRestored` hears of the new state (the shell takes the base section).
 */
export function useRestore<S extends SettingsSection>(section: S, onRestored?: (state: SectionState<S>) => unknown) {
  const t = useSystemSettingT();
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  return async (version: number) => {
    const state = await settingsApi.restore(section, version);
    queryClient.setQueryData(sectionKey(section), state);
    await queryClient.invalidateQueries({ queryKey: [...sectionKey(section), 'versions'] });
    void message.success(t('restored', { version }));
    onRestored?.(state);
  };
}
