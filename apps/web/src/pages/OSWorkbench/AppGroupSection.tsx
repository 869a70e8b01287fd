import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Typography } from 'antd';
import { useId, useMemo } from 'react';
import { appName } from '../../app/i18n/localNames.ts';
import type { WorkbenchApp } from '../../app/store/appStore.ts';
import { useWorkbenchT } from './messages.ts';
import { AppTile } from './AppTile.tsx';

const gridStyle = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: 16,
  margin: 0,
  padding: 0,
} as const;

export interface AppGroupSectionProps {
  title: string;
  apps: WorkbenchApp[];
  pendingId: string | null;
  onOpen: (app: WorkbenchApp) => void;
  onToggleFavourite: (app: WorkbenchApp) => void;
  /** `activeId` was dropped on `overId`; `forward` when it moved towards the end. */
  onMove: (activeId: string, overId: string, forward: boolean) => void;
}

/** One category of tiles, reorderable by dragging (pointer or keyboard) within it. */
export function AppGroupSection({ title, apps, pendingId, onOpen, onToggleFavourite, onMove }: AppGroupSectionProps) {
  const t = useWorkbenchT();
  const headingId = useId();
  const sensors = useSensors(
    // A short move before dragging starts, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => apps.map((app) => app.id), [apps]);
  const nameOf = (id: string | number | undefined) => {
    const app = apps.find((candidate) => candidate.id === id);
    return app ? appName(app) : '';
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(String(active.id), String(over.id), ids.indexOf(String(active.id)) < ids.indexOf(String(over.id)));
  };
  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 16, marginTop: 0 }}>
        {title}
      </Typography.Title>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('dragInstructions') },
          announcements: {
            onDragStart: ({ active }) => t('picked', { name: nameOf(active.id) }),
            onDragOver: ({ active, over }) => (over ? t('over', { name: nameOf(active.id), other: nameOf(over.id) }) : undefined),
            onDragEnd: ({ active, over }) =>
              over ? t('dropped', { name: nameOf(active.id), other: nameOf(over.id) }) : t('droppedInPlace', { name: nameOf(active.id) }),
            onDragCancel: ({ active }) => t('cancelled', { name: nameOf(active.id) }),
          },
        }}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <ul style={gridStyle}>
            {apps.map((app) => (
              <AppTile key={app.id} app={app} pending={pendingId === app.id} onOpen={onOpen} onToggleFavourite={onToggleFavourite} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </section>
  );
}
