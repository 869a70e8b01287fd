import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/useCan.ts';
import { endpointQuery } from '../../api/endpointQuery.ts';
import { DetailPage } from '../admin/DetailPage.tsx';
import { recordInput } from './recordInput.ts';
import { ResourceForm } from './ResourceForm.tsx';
import type { ResourceEndpoints, ResourcePageProps, RowOf } from './types.ts';
import '../admin/messages.ts';

/** One record's detail view: its profile, the page's sections, and editing with the update point. */
export function ResourceDetail<E extends ResourceEndpoints, Filter>({
  config,
  id,
}: {
  config: ResourcePageProps<E, Filter> & Required<Pick<ResourcePageProps<E, Filter>, 'detail'>>;
  id: string;
}) {
  const { t } = useTranslation();
  const canUpdate = useCan(config.points.update);
  const [editing, setEditing] = useState(false);
  const record = useQuery(endpointQuery(config.queryKey, config.endpoints.get, recordInput(id)));

  return (
    <DetailPage
      node={config.node}
      record={{ isLoading: record.isLoading, data: record.data as RowOf<E> | undefined }}
      render={(row) => ({
        title: row.name,
        onEdit: canUpdate ? () => setEditing(true) : undefined,
        profileTitle: t(`${config.texts}.profile`),
        profile: config.detail.profile(row),
        sections: config.detail.sections?.(row),
        modals: <ResourceForm<E> config={config} editing={editing ? row : null} onClose={() => setEditing(false)} />,
      })}
    />
  );
}
