import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A card title with a line of help under it (e.g. where the listed things are changed). */
export function TitleWithHelp({ title, help }: { title: ReactNode; help: ReactNode }) {
  return (
    <Flex vertical>
      {title}
      <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
        {help}
      </Typography.Text>
    </Flex>
  );
}
