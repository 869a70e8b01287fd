import type { IconInUse } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useFeedback } from '../../../../components/admin/useFeedback.ts';
import { ICONS_KEY } from '../../../../components/icons/iconSchema.ts';
import { cleanUpIcons, deleteIcons, menusOf } from './api.ts';
import { useIconsT } from './messages.ts';

/** The icon manager's changes: copy a name, delete (asking again when menus use the icon), clean up. */
export function useIconActions(classification: string) {
  const t = useIconsT();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ICONS_KEY });

  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(name);
      void message.success(t('copied', { name }));
    } catch {
      void message.warning(t('copyFailed', { name }));
    }
  };

  const askForce = (name: string, inUse: IconInUse[]) =>
    modal.confirm({
      title: t('inUseTitle', { name }),
      content: (
        <>
          <Typography.Paragraph>{t('inUseBody')}</Typography.Paragraph>
          <ul>
            {menusOf(inUse).map((menu) => (
              <li key={menu}>{menu}</li>
            ))}
          </ul>
        </>
      ),
      okText: t('deleteAnyway'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteIcons(classification, [name], true);
        void message.success(t('deleted', { name }));
        await reload();
      },
    });

  const remove = async (name: string) => {
    const { removed, warnings } = await deleteIcons(classification, [name]);
    if (removed.includes(name)) {
      void message.success(t('deleted', { name }));
      await reload();
    } else askForce(name, warnings);
  };

  const cleanUp = async () => {
    const { removed } = await cleanUpIcons(classification);
    if (removed.length === 0) void message.info(t('nothingToClean'));
    else void message.success(t('cleanedUp', { count: removed.length, names: removed.map((icon) => icon.name).join(', ') }));
    await reload();
  };

  return { copy, remove, cleanUp };
}
