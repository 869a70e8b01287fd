import { ExportOutlined, HolderOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Flex, Spin, Tag, Typography, theme } from 'antd';
import type { WorkbenchApp } from '../../app/store/appStore.ts';
import { appName } from '../../app/i18n/localNames.ts';
import { AppIcon } from '../../app/workbench/AppIcon.tsx';
import { useWorkbenchT } from './messages.ts';

const openButtonStyle = {
  display: 'flex',
  gap: 12,
  flex: 1,
  minWidth: 0,
  padding: 0,
  border: 'none',
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
} as const;

export interface AppTileProps {
  app: WorkbenchApp;
  pending: boolean;
  onOpen: (app: WorkbenchApp) => void;
  onToggleFavourite: (app: WorkbenchApp) => void;
}

/** One application: opens on click or Enter; a star marks it a favourite; the handle drags it (mouse or keyboard). */
export function AppTile({ app, pending, onOpen, onToggleFavourite }: AppTileProps) {
  const t = useWorkbenchT();
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: app.id });
  const name = appName(app);
  const newTab = app.type === 'WebThird' && app.openType === 'NewTab';
  return (
    <li
      ref={setNodeRef}
      data-testid="app-tile"
      data-app-id={app.id}
      style={{ listStyle: 'none', transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 1 : undefined }}
    >
      <Card size="small" style={{ height: '100%', boxShadow: isDragging ? token.boxShadow : undefined }}>
        <Flex gap={8} align="start">
          <button type="button" style={openButtonStyle} onClick={() => onOpen(app)} aria-label={t('open', { name })}>
            <Spin spinning={pending} size="small">
              <AppIcon app={app} />
            </Spin>
            <span style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis style={{ display: 'block' }}>
                {name}
                {newTab && <ExportOutlined title={t('newTab')} style={{ marginInlineStart: 6 }} />}
              </Typography.Text>
              <Tag style={{ marginTop: 4 }}>{t(`type.${app.type}`)}</Tag>
              {app.description && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
                  {app.description}
                </Typography.Paragraph>
              )}
            </span>
          </button>
          <Flex vertical gap={4}>
            <Button
              type="text"
              size="small"
              aria-pressed={app.selected}
              aria-label={t(app.selected ? 'unfavourite' : 'favourite', { name })}
              icon={app.selected ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
              onClick={() => onToggleFavourite(app)}
            />
            <Button
              ref={setActivatorNodeRef}
              type="text"
              size="small"
              icon={<HolderOutlined />}
              style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
              aria-label={t('move', { name })}
            />
          </Flex>
        </Flex>
      </Card>
    </li>
  );
}
