import type { PageOf, User } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../../app/api/http.ts';
import { ADMIN_KEYS, permissionUrl } from '../../../components/admin/adminApi.ts';
import { asList } from '../../../components/admin/pageQuery.ts';
import { userOption } from '../../../components/admin/pickers.tsx';
import type { PickOption } from '../../../components/admin/RemoteSelect.tsx';
import { useAuditT } from './messages.ts';

const SEARCH_DELAY_MS = 300;

const searchUsers = async (keyword: string) =>
  asList(
    (await http.get<PageOf<User> | User[]>(permissionUrl('/v2/users'), { params: { page: 1, size: 20, ...(keyword ? { keyword } : {}) } }))
      .data,
  ).map(userOption);

interface ActorSelectProps {
  value?: string | null;
  onChange?: (actorId: string | null) => void;
  id?: string;
}

/** One user, searched by name as the user types (GET /v2/users): the actor filter. */
export function ActorSelect({ value, onChange, id }: ActorSelectProps) {
  const t = useAuditT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({ queryKey: [...ADMIN_KEYS.users, 'options', keyword], queryFn: () => searchUsers(keyword) });
  // The chosen user keeps their name when a later search no longer lists them.
  const [chosen, setChosen] = useState<PickOption | null>(null);
  const listed = found.data ?? [];
  const options =
    chosen && chosen.value === value && !listed.some((option) => option.value === chosen.value) ? [chosen, ...listed] : listed;
  return (
    <Select<string, PickOption>
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(next, option) => {
        setChosen(option && !Array.isArray(option) ? { value: option.value, label: option.label } : null);
        onChange?.(next ?? null);
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
      placeholder={t('actorPlaceholder')}
      style={{ minWidth: 220 }}
    />
  );
}
