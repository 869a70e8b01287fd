import type { Rule } from 'antd/es/form';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { isInstantTaken } from './api.ts';
import { INPUT_SCHEMA } from './applicationValues.ts';
import { useAppT } from './messages.ts';

/**
 * Rules of the instant field: the contract's pattern first, then, once it fits, whether the server
 * already has it (HEAD check; the field's validateDebounce spaces the calls as the user types). The
 * application's own instant is never "taken".
 */
export function useInstantRules(own: string | null): Rule[] {
  const t = useAppT();
  return [
    ...schemaRules(INPUT_SCHEMA, 'instant'),
    {
      validator: async (_rule, value: unknown) => {
        const instant = typeof value === 'string' ? value.trim() : '';
        if (!instant || instant === own) return;
        if (await isInstantTaken(instant)) throw new Error(t('instantTaken'));
      },
    },
  ];
}
