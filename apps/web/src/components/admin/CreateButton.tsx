import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useCan } from '../../app/access/useCan.ts';

/** A list page's create button: shown only to users holding its permission point (a resource string). */
export function CreateButton({ point, onClick, children }: { point: string; onClick: () => void; children: ReactNode }) {
  if (!useCan(point)) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}
