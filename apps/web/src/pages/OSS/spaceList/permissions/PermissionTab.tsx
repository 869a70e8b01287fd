import { BUCKET_LEVELS, type BucketDetails, type BucketGrantView, type BucketLevel, type SubjectType } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { GroupSelect, UserPicker } from '../../../../components/admin/pickers.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { spaceApi, spaceKeys } from '../api.ts';
import { useSpaceT } from '../messages.ts';
import { withGrants, withoutGrant } from './grants.ts';

function LevelSelect(props: {
  id?: string;
  'aria-label'?: string;
  value?: BucketLevel;
  onChange?: (level: BucketLevel) => void;
  disabled?: boolean;
}) {
  const t = useSpaceT();
  return (
    <Select<BucketLevel>
      style={{ width: 160 }}
      {...props}
      options={BUCKET_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
    />
  );
}

/** Adds users or groups at a level: a picker searched on the server, then the level. */
function AddGrants({ subject, onAdd }: { subject: SubjectType; onAdd: (ids: string[], level: BucketLevel) => Promise<unknown> }) {
  const t = useSpaceT();
  const [ids, setIds] = useState<string[]>([]);
  const [level, setLevel] = useState<BucketLevel>('read');
  const [busy, setBusy] = useState(false);
  const Picker = subject === 'user' ? UserPicker : GroupSelect;
  const add = async () => {
    setBusy(true);
    try {
      await onAdd(ids, level);
      setIds([]);
    } catch {
      // The HTTP client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="inline" onFinish={() => void add()}>
      <Form.Item label={t(`grantPicker.${subject}`)} htmlFor={`grant-${subject}s`}>
        <Picker id={`grant-${subject}s`} value={ids} onChange={setIds} style={{ minWidth: 280 }} />
      </Form.Item>
      <Form.Item label={t('level')} htmlFor={`grant-${subject}-level`}>
        <LevelSelect id={`grant-${subject}-level`} value={level} onChange={setLevel} />
      </Form.Item>
      <Button type="primary" htmlType="submit" disabled={ids.length === 0} loading={busy}>
        {t('grant')}
      </Button>
    </Form>
  );
}

/** The users or the groups granted a level on the space; every change is saved at once (the whole set, as the API takes it). */
function GrantCard({ space, subject, canPick }: { space: BucketDetails; subject: SubjectType; canPick: boolean }) {
  const t = useSpaceT();
  const { t: kit } = useTranslation();
  const grants = useQuery({ queryKey: spaceKeys.grants(space.id, subject), queryFn: () => spaceApi.grants(space.id, subject) });
  const save = useInvalidatingMutation(
    (next: BucketGrantView[]) =>
      spaceApi.replaceGrants(
        space.id,
        subject,
        next.map(({ subjectId, level }) => ({ subjectId, level })),
      ),
    {
      invalidate: [spaceKeys.grants(space.id, subject)],
    },
  );
  const current = grants.data ?? [];
  return (
    <Card title={t(`grantTitles.${subject}`)}>
      <Flex vertical gap={12}>
        {canPick ? (
          <AddGrants subject={subject} onAdd={(ids, level) => save.mutateAsync(withGrants(current, ids, level))} />
        ) : (
          <Alert type="info" showIcon title={t(`pickNeeded.${subject}`)} />
        )}
        <Table<BucketGrantView>
          aria-label={t(`grantTitles.${subject}`)}
          rowKey="subjectId"
          size="small"
          loading={grants.isFetching || save.isPending}
          dataSource={current}
          pagination={current.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`noGrants.${subject}`)} /> }}
          columns={[
            { key: 'name', title: kit('adminKit.name'), dataIndex: 'name' },
            {
              key: 'level',
              title: t('level'),
              render: (_: unknown, grant) => (
                <LevelSelect
                  aria-label={t('levelOf', { name: grant.name })}
                  value={grant.level}
                  onChange={(level) => void save.mutateAsync(withGrants(current, [grant.subjectId], level)).catch(() => undefined)}
                />
              ),
            },
            {
              key: 'actions',
              title: kit('adminKit.actions'),
              render: (_: unknown, grant) => (
                <ConfirmAction
                  danger
                  title={t('confirmRevoke', { name: grant.name })}
                  onConfirm={() => save.mutateAsync(withoutGrant(current, grant.subjectId))}
                  buttonProps={{ 'aria-label': t('revokeNamed', { name: grant.name }) }}
                >
                  {t('revoke')}
                </ConfirmAction>
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}

/** The user permission tab (admin level): user and group grants, each read, write or admin. */
export function PermissionTab({ space }: { space: BucketDetails }) {
  const managesAll = useCan(POINTS.space.manage);
  const canPickUsers = useCan(POINTS.user.query) || managesAll;
  const canPickGroups = useCan(POINTS.userGroup.query) || managesAll;
  return (
    <Flex vertical gap={16}>
      <GrantCard space={space} subject="user" canPick={canPickUsers} />
      <GrantCard space={space} subject="group" canPick={canPickGroups} />
    </Flex>
  );
}
