import type { OwnedRole, Role } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { AssignmentCard } from '../../../../components/admin/AssignmentCard.tsx';
import { useRoleColumns } from '../../../../components/admin/columns.tsx';
import { ROLE_PICKER } from '../../../../components/admin/pickers.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { fetchOrgRoles, fetchOwnedRoles, saveOrgRoles } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import { TitleWithHelp } from '../../../../components/admin/TitleWithHelp.tsx';
import '../../../../components/admin/messages.ts';

/**
 * Roles granted to the organisation (GET/PUT …/roles; they hold for its members and those of every
 * sub-organisation) and the roles in force for its members (…/roles/owned, including inherited ones).
 */
export function OrgRolesCards({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.organization.update);
  const key = [...ADMIN_KEYS.orgs, 'detail', orgId, 'roles'];
  const granted = useQuery({ queryKey: [...key, 'granted'], queryFn: () => fetchOrgRoles(orgId) });
  const owned = useQuery({ queryKey: [...key, 'owned'], queryFn: () => fetchOwnedRoles(orgId) });
  const columns = useRoleColumns();
  const ownedColumns: ColumnsType<OwnedRole> = [
    ...useRoleColumns<OwnedRole>(),
    {
      key: 'inherited',
      title: t('orgManage.orgs.source'),
      dataIndex: 'inherited',
      render: (inherited: boolean) =>
        inherited ? <Tag>{t('orgManage.orgs.inherited')}</Tag> : <Tag color="blue">{t('orgManage.orgs.grantedHere')}</Tag>,
    },
  ];
  // Descendants inherit: their "owned" roles change too.
  const save = useInvalidatingMutation((ids: string[]) => saveOrgRoles(orgId, ids), { invalidate: [ADMIN_KEYS.orgs, ADMIN_KEYS.users] });

  return (
    <Flex vertical gap={16}>
      <AssignmentCard<Role>
        title={t('orgManage.orgs.grantedRoles')}
        items={granted.data}
        loading={granted.isLoading}
        columns={columns}
        emptyText={t('orgManage.orgs.noGrantedRoles')}
        edit={
          canUpdate
            ? {
                label: t('orgManage.orgs.editRoles'),
                fieldLabel: t('orgManage.orgs.roles'),
                picker: ROLE_PICKER,
                onSave: (ids) => save.mutateAsync(ids),
              }
            : undefined
        }
      />
      <AssignmentCard<OwnedRole>
        title={<TitleWithHelp title={t('orgManage.orgs.ownedRoles')} help={t('orgManage.orgs.ownedRolesHelp')} />}
        items={owned.data}
        loading={owned.isLoading}
        columns={ownedColumns}
        emptyText={t('orgManage.orgs.noOwnedRoles')}
      />
    </Flex>
  );
}
