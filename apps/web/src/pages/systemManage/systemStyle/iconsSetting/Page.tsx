import { ClearOutlined } from '@ant-design/icons';
import { iconEndpoints } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row } from 'antd';
import { useState } from 'react';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { endpointQuery } from '../../../../api/endpointQuery.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { ICONS_KEY } from '../../../../components/icons/iconSchema.ts';
import { ClassificationList } from './ClassificationList.tsx';
import { IconGrid } from './IconGrid.tsx';
import { IconUpload } from './IconUpload.tsx';
import { useIconsT } from './messages.ts';
import { useIconActions } from './useIconActions.tsx';

function CleanUpButton({ classification }: { classification: string }) {
  const t = useIconsT();
  const { cleanUp } = useIconActions(classification);
  if (!useCan(POINTS.icons.delete)) return null;
  return (
    <ConfirmAction
      title={t('cleanUpTitle', { classification })}
      description={t('cleanUpBody')}
      onConfirm={cleanUp}
      danger
      buttonProps={{ type: 'default', icon: <ClearOutlined /> }}
    >
      {t('cleanUp')}
    </ConfirmAction>
  );
}

/** systemManage/systemStyle/iconsSetting: icons by classification, uploaded, copied by name, deleted, cleaned up. */
export function Component({ node }: ConsolePageProps) {
  const t = useIconsT();
  const canCreate = useCan(POINTS.icons.create);
  const listed = useQuery(endpointQuery(ICONS_KEY, iconEndpoints.classifications));
  const [selected, setSelected] = useState<string>();
  const current = selected ?? listed.data?.[0]?.classification;
  return (
    <AdminPage title={node.title} extra={current && <CleanUpButton classification={current} />}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} xl={5}>
          <ClassificationList selected={current} onSelect={setSelected} canCreate={canCreate} />
        </Col>
        <Col xs={24} md={17} xl={19}>
          <Card size="small" title={current}>
            {current ? (
              <Flex vertical gap={16} key={current}>
                {canCreate && <IconUpload classification={current} />}
                <IconGrid classification={current} />
              </Flex>
            ) : (
              <Empty description={t('pickClassification')} />
            )}
          </Card>
        </Col>
      </Row>
    </AdminPage>
  );
}
