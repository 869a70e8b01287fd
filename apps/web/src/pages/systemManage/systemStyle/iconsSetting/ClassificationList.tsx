import { ICON_CLASSIFICATION_PATTERN, iconEndpoints } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Form, Input, Menu, Space } from 'antd';
import { useState } from 'react';
import { endpointQuery } from '../../../../api/endpointQuery.ts';
import { ICONS_KEY } from '../../../../components/icons/iconSchema.ts';
import { useIconsT } from './messages.ts';

const CLASSIFICATION = new RegExp(ICON_CLASSIFICATION_PATTERN);

interface ClassificationListProps {
  selected: string | undefined;
  onSelect: (classification: string) => void;
  /** Whether the user may upload, and so start a classification. */
  canCreate: boolean;
}

/**
 * The classifications with their icon counts. A classification exists while it holds icons, so a
 * new one is only a name here until the first upload into it.
 */
export function ClassificationList({ selected, onSelect, canCreate }: ClassificationListProps) {
  const t = useIconsT();
  const listed = useQuery(endpointQuery(ICONS_KEY, iconEndpoints.classifications));
  const [added, setAdded] = useState<string[]>([]);
  const [form] = Form.useForm<{ name: string }>();
  const known = listed.data ?? [];
  const pending = added.filter((name) => !known.some((entry) => entry.classification === name));
  const items = [
    ...known.map(({ classification, count }) => ({
      key: classification,
      label: (
        <Space>
          {classification}
          <Badge count={count} showZero color="gray" title={t('count', { count })} />
        </Space>
      ),
    })),
    ...pending.map((name) => ({ key: name, label: <Space>{name}</Space> })),
  ];
  const add = ({ name }: { name: string }) => {
    setAdded((current) => [...current, name]);
    form.resetFields();
    onSelect(name);
  };
  return (
    <Card size="small" title={t('classifications')} loading={listed.isLoading}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noClassifications')} />
      ) : (
        <Menu
          aria-label={t('classifications')}
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={items}
          onClick={({ key }) => onSelect(key)}
          style={{ borderInlineEnd: 'none' }}
        />
      )}
      {canCreate && (
        <Form form={form} onFinish={add} layout="vertical" style={{ marginTop: 12 }}>
          <Form.Item label={t('newClassification')} extra={t('newClassificationHint')} required>
            <Space.Compact style={{ width: '100%' }}>
              {/* Its errors show on the labelled item around it. */}
              <Form.Item name="name" noStyle rules={[{ required: true, pattern: CLASSIFICATION, message: t('badClassification') }]}>
                <Input spellCheck={false} maxLength={40} aria-label={t('newClassification')} />
              </Form.Item>
              <Button htmlType="submit">{t('add')}</Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
