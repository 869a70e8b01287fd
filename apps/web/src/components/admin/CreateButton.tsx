import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { Point } from '../../access/points.ts';
import { useCan } from '../../access/useCan.ts';

/** A list page's create button: shown only to users holding its permission point (from the registry, access/points.ts). */
export function CreateButton({ point, onClick, children }: { point: Point; onClick: () => void; children: ReactNode }) {
  if (!useCan(point)) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}
