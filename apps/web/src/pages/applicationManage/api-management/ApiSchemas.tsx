import type { ApiDetail } from '@portal/contracts';
import { Card, Empty, Table, Tag, Typography } from 'antd';
import { useApiT } from './messages.ts';

/** A JSON schema as readable text. */
export const SchemaText = ({ schema }: { schema: unknown }) => (
  <Typography.Paragraph style={{ margin: 0 }}>
    <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(schema, null, 2)}</pre>
  </Typography.Paragraph>
);

/** What the call takes and answers, from its declared schemas. */
export function ApiSchemas({ api }: { api: ApiDetail }) {
  const t = useApiT();
  return (
    <>
      <Card title={t('parameters')}>
        {api.parameters.length === 0 ? (
          <Typography.Text type="secondary">{t('noParameters')}</Typography.Text>
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey={(p) => `${p.in}:${p.name}`}
            dataSource={api.parameters}
            columns={[
              { key: 'in', title: t('parameterIn'), dataIndex: 'in', width: 90 },
              { key: 'name', title: t('parameterName'), dataIndex: 'name', width: 160 },
              {
                key: 'required',
                title: t('required'),
                dataIndex: 'required',
                width: 90,
                render: (required: boolean) => (required ? '✓' : ''),
              },
              {
                key: 'schema',
                title: t('schema'),
                dataIndex: 'schema',
                render: (schema: unknown) => <code>{JSON.stringify(schema)}</code>,
              },
            ]}
          />
        )}
      </Card>
      <Card title={t('body')}>
        {api.body === null && api.consumes.length === 0 ? (
          <Typography.Text type="secondary">{t('noBody')}</Typography.Text>
        ) : (
          <>
            {api.consumes.map((type) => (
              <Tag key={type}>{type}</Tag>
            ))}
            {api.body !== null && <SchemaText schema={api.body} />}
          </>
        )}
      </Card>
      <Card title={t('responses')}>
        {api.responses.length === 0 ? (
          <Empty />
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="status"
            dataSource={api.responses}
            columns={[
              { key: 'status', title: t('status'), dataIndex: 'status', width: 90 },
              { key: 'schema', title: t('schema'), dataIndex: 'schema', render: (schema: unknown) => <SchemaText schema={schema} /> },
            ]}
          />
        )}
      </Card>
    </>
  );
}
