import { AutoComplete, Button, DatePicker, Flex, Form, Input } from 'antd';
import { useCan } from '../../../access/useCan.ts';
import { PICKER_POINTS, UserSelect } from '../../../components/admin/pickers.tsx';
import { toAuditFilters, type AuditFilters } from './auditQuery.ts';
import { useAuditT } from './messages.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Prefixes of the actions the console records (`<resource>.<verb>`), offered while typing. */
const ACTION_PREFIXES = ['users', 'groups', 'roles', 'rels', 'organizations', 'positions', 'menus'];
const TARGET_TYPES = ['user', 'group', 'role', 'organization', 'position', 'menu'];
const suggestions = (values: string[]) => values.map((value) => ({ value }));
/** Suggestions starting with what was typed, in any case. */
const startsWithTyped = {
  filterOption: (typed: string, option?: { value?: unknown }) => String(option?.value ?? '').startsWith(typed.toLowerCase()),
};

/** The picker's values are dayjs objects; only their Date is needed. */
interface DayValue {
  toDate(): Date;
}
interface FormValues {
  actorId?: string | null;
  action?: string;
  targetType?: string;
  days?: [DayValue, DayValue] | null;
}

/** Actor, action prefix, target type and days; applied together, cleared together. */
export function AuditFiltersForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const t = useAuditT();
  const [form] = Form.useForm<FormValues>();
  // Without the user picker's point the actor is given by id.
  const canListUsers = useCan(PICKER_POINTS.users);
  const apply = (values: FormValues) =>
    onApply(toAuditFilters({ ...values, days: values.days ? [values.days[0].toDate(), values.days[1].toDate()] : null }));
  return (
    <Form<FormValues> form={form} layout="vertical" name="auditFilters" onFinish={apply} aria-label={t('filters')}>
      <Flex gap={16} wrap align="end">
        {canListUsers ? (
          <Form.Item name="actorId" label={t('actor')}>
            <UserSelect allowClear placeholder={t('actorPlaceholder')} style={{ width: 'auto', minWidth: 220 }} />
          </Form.Item>
        ) : (
          <Form.Item name="actorId" label={t('actorId')} rules={[{ pattern: UUID_PATTERN, message: t('actorIdInvalid') }]}>
            <Input allowClear spellCheck={false} style={{ width: 320 }} />
          </Form.Item>
        )}
        <Form.Item name="action" label={t('action')} rules={[{ max: 100, message: t('tooLong', { max: 100 }) }]}>
          <AutoComplete
            options={suggestions(ACTION_PREFIXES)}
            showSearch={startsWithTyped}
            placeholder={t('actionPlaceholder')}
            style={{ width: 220 }}
            allowClear
          />
        </Form.Item>
        <Form.Item name="targetType" label={t('targetType')} rules={[{ max: 64, message: t('tooLong', { max: 64 }) }]}>
          <AutoComplete
            options={suggestions(TARGET_TYPES)}
            showSearch={startsWithTyped}
            placeholder={t('targetTypePlaceholder')}
            style={{ width: 180 }}
            allowClear
          />
        </Form.Item>
        <Form.Item name="days" label={t('days')}>
          <DatePicker.RangePicker allowEmpty={[false, false]} placeholder={[t('from'), t('to')]} />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit">
              {t('apply')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onApply({});
              }}
            >
              {t('reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Flex>
    </Form>
  );
}
