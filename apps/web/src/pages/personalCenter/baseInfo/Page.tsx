import type { SelfProfile, SelfProfileInput } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Flex, Result, Spin, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { MEMBER_QUERY } from '../../../app/shell/session.ts';
import { useAppStore } from '../../../app/store/appStore.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { fetchSelfProfile, saveSignature, SELF_PROFILE_KEY, updateSelfProfile } from './api.ts';
import { useBaseInfoT } from './messages.ts';
import { ProfileFormModal } from './ProfileFormModal.tsx';
import { NotificationsCard } from './notifications/NotificationsCard.tsx';
import { SignatureCard } from './SignatureCard.tsx';

/** The header shows the member's name and avatar: keep them in step with the saved profile. */
function syncHeader(profile: SelfProfile) {
  useAppStore.setState((state) => (state.userInfo ? { userInfo: { ...state.userInfo, name: profile.name, avatar: profile.avatar } } : {}));
}

/** personalCenter/baseInfo: the caller's own profile (name, avatar, text, signature) and notification settings. */
export function Component({ node }: ConsolePageProps) {
  const t = useBaseInfoT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const profile = useQuery({ queryKey: SELF_PROFILE_KEY, queryFn: fetchSelfProfile });
  // The saved profile goes straight into the cache, so only the header's member query is refetched.
  const update = useInvalidatingMutation(
    (input: SelfProfileInput) =>
      updateSelfProfile(input).then((saved) => {
        syncHeader(saved);
        queryClient.setQueryData(SELF_PROFILE_KEY, saved);
      }),
    { invalidate: [MEMBER_QUERY], success: t('saved') },
  );
  const sign = useInvalidatingMutation(saveSignature, { invalidate: [SELF_PROFILE_KEY, MEMBER_QUERY], success: t('signatureSaved') });

  if (!profile.data) {
    return (
      <AdminPage title={node.title}>
        {profile.isLoading ? (
          <Spin />
        ) : (
          <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void profile.refetch()}>{t('retry')}</Button>} />
        )}
      </AdminPage>
    );
  }
  const me = profile.data;
  const none = <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <AdminPage
      title={node.title}
      extra={
        <Button type="primary" onClick={() => setEditing(true)}>
          {t('edit')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Card title={t('profile')}>
          <Flex gap={24} wrap align="flex-start">
            <Avatar size={96} src={me.avatar || undefined} icon={<UserOutlined />} alt={t('avatarOf', { name: me.name })} />
            <Descriptions
              style={{ flex: 1, minWidth: 280 }}
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'name', label: t('name'), children: me.name },
                { key: 'username', label: t('username'), children: me.username },
                { key: 'email', label: t('email'), children: me.email ?? none },
                { key: 'phone', label: t('phone'), children: me.phone ?? none },
                { key: 'org', label: t('organisation'), children: me.orgName ?? none },
                { key: 'since', label: t('memberSince'), children: formatTime(me.createdAt) },
                {
                  key: 'description',
                  label: t('description'),
                  span: 'filled',
                  children: me.description ? <span style={{ whiteSpace: 'pre-wrap' }}>{me.description}</span> : none,
                },
              ]}
            />
          </Flex>
        </Card>
        <SignatureCard profile={me} saving={sign.isPending} onSave={(signature) => sign.mutateAsync(signature)} />
        <NotificationsCard />
      </Flex>
      <ProfileFormModal profile={me} open={editing} onClose={() => setEditing(false)} onSave={(input) => update.mutateAsync(input)} />
    </AdminPage>
  );
}
