import { CloseCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { ColorInput } from '../ColorInput.tsx';
import { useSettingsT } from './messages.ts';

interface Props {
  /** Set by Form.Item. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  label: string;
  /** The field takes "none" (null): a button clears it. */
  nullable: boolean;
  disabled?: boolean | undefined;
  /** Shown in the picker while the field holds none. */
  placeholder?: string;
}

/** A colour setting: the browser's picker, the chosen #rrggbb, and, where "none" is allowed, a way back to none. */
export function ColourField({ value, onChange, id, label, nullable, disabled, placeholder = '#ffffff' }: Props) {
  const t = useSettingsT();
  return (
    <Flex align="center" gap={8}>
      <ColorInput id={id} value={value ?? placeholder} label={label} disabled={disabled} onChange={(colour) => onChange?.(colour)} />
      <Typography.Text code={!!value} type={value ? undefined : 'secondary'}>
        {value ?? t('none')}
      </Typography.Text>
      {nullable && value && !disabled && (
        <Button
          size="small"
          type="text"
          icon={<CloseCircleOutlined />}
          aria-label={t('clear', { field: label })}
          onClick={() => onChange?.(null)}
        />
      )}
    </Flex>
  );
}
