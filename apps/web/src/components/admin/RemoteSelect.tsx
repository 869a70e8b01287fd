import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './messages.ts';

export interface PickOption {
  value: string;
  label: string;
}

export interface RemoteSelectProps {
  /** Chosen ids. */
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  /** Labels of ids already chosen (e.g. current members), so they show before any search. */
  knownOptions?: readonly PickOption[];
  style?: React.CSSProperties;
}

interface Source {
  /** Cache key root of the options; the keyword is appended. */
  queryKey: QueryKey;
  /** Options matching the keyword (blank: the first ones). */
  search: (keyword: string) => Promise<PickOption[]>;
}

const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Multiple choice of records searched on the server as the user types (users, roles, groups).
 * UserPicker, RoleSelect and GroupSelect are this with their endpoint.
 */
export function RemoteSelect({ source, knownOptions, value, onChange, ...rest }: RemoteSelectProps & { source: Source }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const found = useQuery({ queryKey: [...source.queryKey, 'options', keyword], queryFn: () => source.search(keyword) });
  // Remember the labels seen, so chosen values keep their names when a later search omits them.
  const [seen, setSeen] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    const fresh = [...(knownOptions ?? []), ...(found.data ?? [])].filter((option) => seen.get(option.value) !== option.label);
    if (fresh.length > 0) setSeen((current) => new Map([...current, ...fresh.map((o) => [o.value, o.label] as const)]));
  }, [knownOptions, found.data, seen]);

  const options = useMemo(() => {
    const listed = found.data ?? [];
    const listedIds = new Set(listed.map((option) => option.value));
    const chosenElsewhere = (value ?? []).filter((id) => !listedIds.has(id)).map((id) => ({ value: id, label: seen.get(id) ?? id }));
    return [...chosenElsewhere, ...listed];
  }, [found.data, value, seen]);

  return (
    <Select<string[], PickOption>
      {...rest}
      mode="multiple"
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('adminKit.empty')}
      placeholder={rest.placeholder ?? t('adminKit.typeToSearch')}
      style={{ width: '100%', ...rest.style }}
    />
  );
}
