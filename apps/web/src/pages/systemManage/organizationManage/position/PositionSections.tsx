import { positionEndpoints } from '@portal/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { endpointQuery } from '../../../../api/endpointQuery.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { AssignmentCard } from '../../../../components/admin/AssignmentCard.tsx';
import { useRoleColumns, useUserBriefColumns } from '../../../../components/admin/columns.tsx';
import { ROLE_PICKER, USER_PICKER, type Picker } from '../../../../components/admin/pickers.tsx';
import { useCallMutation } from '../../../../components/admin/useCrudMutations.ts';
import '../../../../components/admin/messages.ts';

/** A change of a position's holders or roles shows in its holders' effective roles too. */
const INVALIDATE = [ADMIN_KEYS.positions, ADMIN_KEYS.users];

interface AssignmentProps<T extends { id: string }> {
  /** Which texts: `orgManage.positions.{members,noMembers,editMembers}` or the same for roles. */
  kind: 'Members' | 'Roles';
  assigned: UseQueryResult<T[]>;
  columns: ColumnsType<T>;
  picker: Picker<T>;
  save: (ids: string[]) => Promise<unknown>;
}

/** What a position assigns; with the update point, the whole set is replaced through the picker. */
function PositionAssignment<T extends { id: string }>({ kind, assigned, columns, picker, save }: AssignmentProps<T>) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.position.update);
  const title = t(`orgManage.positions.${kind.toLowerCase()}`);
  return (
    <AssignmentCard<T>
      title={title}
      items={assigned.data}
      loading={assigned.isLoading}
      columns={columns}
      emptyText={t(`orgManage.positions.no${kind}`)}
      edit={canUpdate ? { label: t(`orgManage.positions.edit${kind}`), fieldLabel: title, picker, onSave: save } : undefined}
    />
  );
}

/** The users holding a position and the roles it gives them. */
export function PositionSections({ positionId }: { positionId: string }) {
  const params = { id: positionId };
  const users = useQuery(endpointQuery(ADMIN_KEYS.positions, positionEndpoints.users, { params }));
  const roles = useQuery(endpointQuery(ADMIN_KEYS.positions, positionEndpoints.roles, { params }));
  const saveUsers = useCallMutation(positionEndpoints.setUsers, { invalidate: INVALIDATE });
  const saveRoles = useCallMutation(positionEndpoints.setRoles, { invalidate: INVALIDATE });
  const [userColumns, roleColumns] = [useUserBriefColumns(), useRoleColumns()];
  const saveHolders = (userIds: string[]) => saveUsers.mutateAsync({ params, body: { userIds } });
  const saveGiven = (roleIds: string[]) => saveRoles.mutateAsync({ params, body: { roleIds } });
  return (
    <>
      <PositionAssignment kind="Members" assigned={users} columns={userColumns} picker={USER_PICKER} save={saveHolders} />
      <PositionAssignment kind="Roles" assigned={roles} columns={roleColumns} picker={ROLE_PICKER} save={saveGiven} />
    </>
  );
}
