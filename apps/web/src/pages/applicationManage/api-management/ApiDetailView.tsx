import type { MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Tag } from 'antd';
import { DetailPage } from '../../../components/admin/DetailPage.tsx';
import { ApiCallers } from './ApiCallers.tsx';
import { ApiSchemas } from './ApiSchemas.tsx';
import { ApiSource } from './ApiSource.tsx';
import { API_CATALOGUE_KEY, fetchApi } from './api.ts';
import { MethodTag } from './MethodTag.tsx';
import { useApiT } from './messages.ts';
import { TryIt } from './TryIt.tsx';
import { isPlatformApi } from './tryIt.ts';

/** One API: what it is, what it takes and answers, who may call it, and (for the platform's own) a form to call it. */
export function ApiDetailView({ node, apiId }: { node: MenuNode; apiId: string }) {
  const t = useApiT();
  const record = useQuery({ queryKey: [...API_CATALOGUE_KEY, 'detail', apiId], queryFn: () => fetchApi(apiId), retry: false });
  return (
    <DetailPage
      node={node}
      record={record}
      render={(api) => ({
        title: (
          <>
            <MethodTag method={api.method} /> {api.path}
          </>
        ),
        profileTitle: t('profile'),
        profile: [
          { key: 'summary', label: t('summary'), children: api.summary, span: 'filled' },
          { key: 'module', label: t('module'), children: api.module },
          { key: 'source', label: t('source'), children: <ApiSource entry={api} /> },
          { key: 'access', label: t('access'), children: t(`accesses.${api.access}`) },
          { key: 'tags', label: t('tags'), children: api.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) },
          ...(api.description ? [{ key: 'description', label: t('description'), children: api.description, span: 'filled' as const }] : []),
        ],
        sections: (
          <>
            {isPlatformApi(api) ? (
              <TryIt api={api} />
            ) : (
              <Card title={t('tryIt')}>
                <Alert type="info" showIcon title={t('tryItPlatformOnly')} />
              </Card>
            )}
            <ApiCallers api={api} />
            <ApiSchemas api={api} />
          </>
        ),
      })}
    />
  );
}
