import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './messages.ts';

export interface PickOption {
  value: string;
  label: string;
}

interface PickerProps {
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  /** Labels of ids already chosen (e.g. current members), so they show before any search. */
  knownOptions?: readonly PickOption[];
  style?: React.CSSProperties;
}

/** A picker choosing several records. */
export interface RemoteSelectProps extends PickerProps {
  /** Chosen ids. */
  value?: string[];
  onChange?: (ids: string[]) => void;
}

/** A picker choosing one record (null: none). */
export interface RemoteSingleSelectProps extends PickerProps {
  value?: string | null;
  onChange?: (id: string | null) => void;
  allowClear?: boolean;
}

export interface Source {
  /** Cache key root of the options; the keyword is appended. */
  queryKey: QueryKey;
  /** Options matching the keyword (blank: the first ones). */
  search: (keyword: string) => Promise<PickOption[]>;
}

const SEARCH_DELAY_MS = 300;

/** The value once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The Select props both modes share: options searched as the user types, chosen ids keeping their labels. */
function useRemoteOptions(source: Source, knownOptions: readonly PickOption[] | undefined, chosen: readonly string[], props: PickerProps) {
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
    const chosenElsewhere = chosen.filter((id) => !listedIds.has(id)).map((id) => ({ value: id, label: seen.get(id) ?? id }));
    return [...chosenElsewhere, ...listed];
  }, [found.data, chosen, seen]);

  return {
    ...props,
    options,
    showSearch: { filterOption: false, onSearch: setTyped },
    notFoundContent: found.isFetching ? <Spin size="small" /> : t('adminKit.empty'),
    placeholder: props.placeholder ?? t('adminKit.typeToSearch'),
    style: { width: '100%', ...props.style },
  } as const;
}

/**
 * Multiple choice of records searched on the server as the user types (users, roles, groups).
 * UserPicker, RoleSelect and GroupSelect are this with their endpoint.
 */
export function RemoteSelect({ source, knownOptions, value, onChange, ...rest }: RemoteSelectProps & { source: Source }) {
  const shared = useRemoteOptions(source, knownOptions, value ?? [], rest);
  return <Select<string[], PickOption> {...shared} mode="multiple" value={value ?? []} onChange={(ids) => onChange?.(ids)} />;
}

/** RemoteSelect choosing a single record (UserSelect is this with the users endpoint). */
export function RemoteSingleSelect({
  source,
  knownOptions,
  value,
  onChange,
  allowClear,
  ...rest
}: RemoteSingleSelectProps & { source: Source }) {
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const shared = useRemoteOptions(source, knownOptions, chosen, rest);
  return (
    <Select<string, PickOption>
      {...shared}
      allowClear={allowClear}
      value={value ?? undefined}
      onChange={(id: string | undefined) => onChange?.(id ?? null)}
    />
  );
}
