import type { BucketDetails, BucketPolicy } from '@portal/contracts';
import { Button, Card, Flex, Form } from 'antd';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { spaceApi, spaceKeys } from '../api.ts';
import { useSpaceT } from '../messages.ts';
import { PolicySelect } from '../SpaceFormModal.tsx';
import { DangerZone } from './DangerZone.tsx';
import { LimitFields, limitsOf } from './LimitFields.tsx';
import { OwnerCard } from './OwnerCard.tsx';

type LimitValues = Parameters<typeof limitsOf>[0];

function LimitsCard({ space }: { space: BucketDetails }) {
  const t = useSpaceT();
  const save = useInvalidatingMutation((values: LimitValues) => spaceApi.updateLimits(space.id, limitsOf(values)), {
    invalidate: [spaceKeys.all],
  });
  return (
    <Card title={t('limitsTitle')}>
      <Form<LimitValues>
        layout="vertical"
        name="space-limits"
        initialValues={{ quotaBytes: space.quotaBytes, quotaObjects: space.quotaObjects, maxUploadBytes: space.maxUploadBytes }}
        onFinish={(values) => void save.mutateAsync(values).catch(() => undefined)}
        style={{ maxWidth: 480 }}
      >
        <LimitFields />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('saveLimits')}
        </Button>
      </Form>
    </Card>
  );
}

function PolicyCard({ space }: { space: BucketDetails }) {
  const t = useSpaceT();
  const save = useInvalidatingMutation((policy: BucketPolicy) => spaceApi.setPolicy(space.id, policy), { invalidate: [spaceKeys.all] });
  return (
    <Card title={t('policy')}>
      <Form<{ policy: BucketPolicy }>
        layout="vertical"
        name="space-policy"
        initialValues={{ policy: space.policy }}
        onFinish={(values) => void save.mutateAsync(values.policy).catch(() => undefined)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="policy" label={t('policy')} extra={t('policyHint')}>
          <PolicySelect />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('savePolicy')}
        </Button>
      </Form>
    </Card>
  );
}

/** The space management tab (admin level): limits, policy, owner, and the destructive actions. */
export function SettingsTab({ space, onDeleted }: { space: BucketDetails; onDeleted: () => void }) {
  return (
    <Flex vertical gap={16}>
      <LimitsCard space={space} />
      <PolicyCard space={space} />
      <OwnerCard space={space} />
      <DangerZone space={space} onDeleted={onDeleted} />
    </Flex>
  );
}
