import { ColourSchemeInput, colourSchemeEndpoints, type ColourScheme } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../../access/points.ts';
import { call } from '../../../../api/call.ts';
import { endpointQuery } from '../../../../api/endpointQuery.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { CreateButton } from '../../../../components/admin/CreateButton.tsx';
import { ServerTable } from '../../../../components/admin/ServerTable.tsx';
import { ResourceForm } from '../../../../components/resource/ResourceForm.tsx';
import { ColoursField, HexColourPicker } from './ColourFields.tsx';
import { FORM_TEXTS, useColourT } from './messages.ts';
import { COLOUR_SCHEMES_KEY, useSchemeColumns } from './useSchemeColumns.tsx';
import '../../../../components/admin/messages.ts';

const FORM = {
  schema: ColourSchemeInput,
  fields: [
    'name',
    { name: 'primary', label: 'colorConfig:primary', input: <HexColourPicker /> },
    { name: 'colours', label: 'colorConfig:colours', extra: 'colorConfig:coloursHint', input: <ColoursField /> },
    { name: 'sort', label: 'colorConfig:sort' },
    'description',
  ],
} as const;

/** systemManage/systemStyle/colorConfig: colour schemes, each previewed on antd components; one is the top scheme. */
export function Component({ node }: ConsolePageProps) {
  const t = useColourT();
  const [editing, setEditing] = useState<ColourScheme | 'new' | null>(null);
  const top = useQuery(endpointQuery(COLOUR_SCHEMES_KEY, colourSchemeEndpoints.top));
  const columns = useSchemeColumns(top.data ?? undefined, setEditing);
  return (
    <AdminPage
      title={node.title}
      extra={
        <CreateButton point={POINTS.colourScheme.create} onClick={() => setEditing('new')}>
          {t('form.create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<ColourScheme>
          label={node.title}
          queryKey={COLOUR_SCHEMES_KEY}
          fetchPage={(query) => call(colourSchemeEndpoints.list, { query })}
          columns={columns}
          searchPlaceholder={t('form.search')}
          emptyText={t('form.empty')}
        />
      </Card>
      <ResourceForm
        config={{ endpoints: colourSchemeEndpoints, form: FORM, texts: FORM_TEXTS, queryKey: COLOUR_SCHEMES_KEY }}
        editing={editing}
        newValues={{ primary: '#1677ff', colours: {}, sort: 0 }}
        onClose={() => setEditing(null)}
      />
    </AdminPage>
  );
}
