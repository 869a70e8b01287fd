import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Space } from 'antd';
import { BUNDLED_ICON_NAMES, MenuIcon } from '../../../../app/layout/menuIcons.tsx';
import { iconSchemaQuery, uploadedIconNames } from '../../../../components/icons/iconSchema.ts';
import { useMenuT } from './messages.ts';

const optionOf = (name: string) => ({
  value: name,
  label: (
    <Space>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
});

interface IconPickerProps {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
}

/** A menu entry's icon: typed, or chosen among the bundled antd icons and those uploaded in the icon manager. */
export function IconPicker({ value, onChange, id }: IconPickerProps) {
  const t = useMenuT();
  const schema = useQuery(iconSchemaQuery());
  const options = [
    ...uploadedIconNames(schema.data).map(({ classification, names }) => ({
      label: `${t('uploadedIcons')}: ${classification}`,
      options: names.map(optionOf),
    })),
    { label: t('bundledIcons'), options: BUNDLED_ICON_NAMES.map(optionOf) },
  ];
  const typed = (value ?? '').toLowerCase();
  return (
    <AutoComplete
      id={id}
      value={value ?? ''}
      onChange={onChange}
      options={options}
      // A group has no value: it stays while one of its icons matches.
      filterOption={(_, option) =>
        String((option as { value?: string } | undefined)?.value ?? '')
          .toLowerCase()
          .includes(typed)
      }
      prefix={<MenuIcon name={value ?? null} />}
      allowClear
    />
  );
}
