import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../../../components/admin/RemoteSelect.tsx';
import { authorizationsKey, searchSubjects } from './api.ts';
import { useAuthorizationsT } from './messages.ts';
import { groupSubjectOptions } from './subjectOptions.ts';

interface SubjectSelectProps {
  applicationId: string;
  id?: string;
  /** A subject key (`user:<id>`), see subjectOptions.ts. */
  value?: string;
  onChange?: (key: string) => void;
}

/** Chooses one user, group or organisation, searched on the server by name and grouped by kind. */
export function SubjectSelect({ applicationId, id, value, onChange }: SubjectSelectProps) {
  const t = useAuthorizationsT();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const found = useQuery({
    queryKey: [...authorizationsKey(applicationId), 'subjects', keyword],
    queryFn: () => searchSubjects(applicationId, keyword),
    enabled: keyword !== '',
  });
  const options = useMemo(() => groupSubjectOptions(found.data ?? [], (type) => t(`typeGroups.${type}`)), [found.data, t]);
  return (
    <Select
      id={id}
      value={value}
      onChange={(key: string) => onChange?.(key)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={t('subjectHint')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : null}
      style={{ width: '100%' }}
    />
  );
}
