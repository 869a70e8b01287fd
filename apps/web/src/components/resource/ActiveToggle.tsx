import type { QueryKey } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Point } from '../../access/points.ts';
import { useCan } from '../../access/useCan.ts';
import { ConfirmAction } from '../admin/ConfirmAction.tsx';
import { useCallMutation } from '../admin/useCrudMutations.ts';
import { recordInput } from './recordInput.ts';
import type { RecordEndpoint } from './types.ts';
import '../admin/messages.ts';

interface ActiveToggleProps {
  record: { id: string; name: string; actived: boolean };
  /** POST …/{id}/actived activates, DELETE disables (spec §4). */
  endpoints: { activate: RecordEndpoint; disable: RecordEndpoint };
  point: Point;
  invalidate: readonly QueryKey[];
  /**
   * i18n prefix: `<prefix>.confirmActivate` / `.confirmDisable` ({{name}}), `.activatedDone` /
   * `.disabledDone`, and, if present, `.disableEffect` (what disabling does).
   */
  texts: string;
}

/** A row action activating or disabling a record after a confirmation, shown with its point only. */
export function ActiveToggle({ record, endpoints, point, invalidate, texts }: ActiveToggleProps) {
  const { t } = useTranslation();
  const allowed = useCan(point);
  const disabling = record.actived;
  const toggle = useCallMutation(disabling ? endpoints.disable : endpoints.activate, {
    invalidate,
    success: t(disabling ? `${texts}.disabledDone` : `${texts}.activatedDone`),
  });
  if (!allowed) return null;
  const effect = `${texts}.disableEffect`;
  return (
    <ConfirmAction
      title={t(disabling ? `${texts}.confirmDisable` : `${texts}.confirmActivate`, { name: record.name })}
      description={disabling && i18n.exists(effect) ? t(effect) : undefined}
      onConfirm={() => toggle.mutateAsync(recordInput(record.id))}
      danger={disabling}
    >
      {disabling ? t('adminKit.disable') : t('adminKit.activate')}
    </ConfirmAction>
  );
}
