import type { Group, PageOf, Role, User } from '@portal/contracts';
import { http } from '../../app/api/http.ts';
import { ADMIN_KEYS, permissionUrl } from './adminApi.ts';
import { asList } from './pageQuery.ts';
import { RemoteSelect, type PickOption, type RemoteSelectProps } from './RemoteSelect.tsx';

const PICKER_SIZE = 50;

type Listed<T> = T[] | PageOf<T>;

export const userOption = (user: Pick<User, 'id' | 'name' | 'username'>): PickOption => ({
  value: user.id,
  label: user.name && user.name !== user.username ? `${user.name} (${user.username})` : user.username,
});
export const roleOption = (role: Pick<Role, 'id' | 'name' | 'code'>): PickOption => ({
  value: role.id,
  label: `${role.name} (${role.code})`,
});
export const groupOption = (group: Pick<Group, 'id' | 'name' | 'code'>): PickOption => ({
  value: group.id,
  label: `${group.name} (${group.code})`,
});

const search =
  <T,>(path: string, toOption: (item: T) => PickOption) =>
  (keyword: string): Promise<PickOption[]> =>
    http
      .get<Listed<T>>(permissionUrl(path), { params: { page: 1, size: PICKER_SIZE, ...(keyword ? { keyword } : {}) } })
      .then((r) => asList(r.data).map(toOption));

const userSource = { queryKey: ADMIN_KEYS.users, search: search<User>('/v2/users', userOption) };
const roleSource = { queryKey: ADMIN_KEYS.roles, search: search<Role>('/roles', roleOption) };
const groupSource = { queryKey: ADMIN_KEYS.groups, search: search<Group>('/groups', groupOption) };

/** Chooses users, searched by GET /v2/users?keyword= (needs …:user:query). */
export const UserPicker = (props: RemoteSelectProps) => <RemoteSelect {...props} source={userSource} />;

/** Chooses roles, searched by GET /roles?keyword= (needs systemManage:roleManage:query). */
export const RoleSelect = (props: RemoteSelectProps) => <RemoteSelect {...props} source={roleSource} />;

/** Chooses user groups, searched by GET /groups?keyword= (needs …:userGroup:query). */
export const GroupSelect = (props: RemoteSelectProps) => <RemoteSelect {...props} source={groupSource} />;
