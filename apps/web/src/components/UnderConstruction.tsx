import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Stands in for a page that a later release builds, so navigation already works. */
export function UnderConstruction({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ToolOutlined />}
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h1>}
      subTitle={`${t('common.underConstruction')} ${t('common.underConstructionHint')}`}
    />
  );
}
