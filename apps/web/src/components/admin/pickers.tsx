import { groupEndpoints, roleEndpoints, userEndpoints, type Group, type Role, type User } from '@portal/contracts';
import type { ReactNode } from 'react';
import { POINTS, type Point } from '../../access/points.ts';
import { call } from '../../api/call.ts';
import { ADMIN_KEYS } from './adminApi.ts';
import {
  RemoteSelect,
  RemoteSingleSelect,
  type PickOption,
  type RemoteSelectProps,
  type RemoteSingleSelectProps,
} from './RemoteSelect.tsx';

const PICKER_SIZE = 50;

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

/** The first page of matches for what the user typed. */
const pickerQuery = (keyword: string) => ({ query: { page: 1, size: PICKER_SIZE, ...(keyword ? { keyword } : {}) } });

const userSource = {
  queryKey: ADMIN_KEYS.users,
  search: (keyword: string) => call(userEndpoints.picks, pickerQuery(keyword)).then((page) => page.list.map(userOption)),
};
const roleSource = {
  queryKey: ADMIN_KEYS.roles,
  search: (keyword: string) => call(roleEndpoints.list, pickerQuery(keyword)).then((page) => page.list.map(roleOption)),
};
const groupSource = {
  queryKey: ADMIN_KEYS.groups,
  search: (keyword: string) => call(groupEndpoints.list, pickerQuery(keyword)).then((page) => page.list.map(groupOption)),
};

/**
 * The permission points listing each picker's records needs (their own pages' query points): a
 * page offers a picker only to a user holding its point, so the server never refuses the search.
 */
export const PICKER_POINTS = {
  users: POINTS.user.query,
  roles: POINTS.role.query,
  groups: POINTS.userGroup.query,
} as const;

/** Chooses users, searched by `userEndpoints.picks` (needs PICKER_POINTS.users). */
export const UserPicker = (props: RemoteSelectProps) => <RemoteSelect {...props} source={userSource} />;

/** Chooses one user, searched like UserPicker (same cache, so both show the same options). */
export const UserSelect = (props: RemoteSingleSelectProps) => <RemoteSingleSelect {...props} source={userSource} />;

/** Chooses roles, searched by `roleEndpoints.list` (needs PICKER_POINTS.roles). */
export const RoleSelect = (props: RemoteSelectProps) => <RemoteSelect {...props} source={roleSource} />;

/** Chooses user groups, searched by `groupEndpoints.list` (needs PICKER_POINTS.groups). */
export const GroupSelect = (props: RemoteSelectProps) => <RemoteSelect {...props} source={groupSource} />;

/** A multiple picker with what a page needs to offer it: the point it needs and how a record shows in it. */
export interface Picker<T> {
  point: Point;
  toOption: (item: T) => PickOption;
  Select: (props: RemoteSelectProps) => ReactNode;
}

export const USER_PICKER: Picker<Pick<User, 'id' | 'name' | 'username'>> = {
  point: PICKER_POINTS.users,
  toOption: userOption,
  Select: UserPicker,
};
export const ROLE_PICKER: Picker<Pick<Role, 'id' | 'name' | 'code'>> = {
  point: PICKER_POINTS.roles,
  toOption: roleOption,
  Select: RoleSelect,
};
export const GROUP_PICKER: Picker<Pick<Group, 'id' | 'name' | 'code'>> = {
  point: PICKER_POINTS.groups,
  toOption: groupOption,
  Select: GroupSelect,
};
