import { COLOUR_TOKENS, type ColourToken, type SchemeColours } from '@portal/contracts';
import { Flex, Form, Input, Space, Typography } from 'antd';
import { useColourT } from './messages.ts';
import { SchemePreview } from './SchemePreview.tsx';
import { nativeColourOf, withoutBlank } from './schemeTheme.ts';

interface HexPickerProps {
  value?: string | undefined;
  onChange?: (value: string | undefined) => void;
  /** Optional colours may be cleared (then the theme derives its own). */
  allowClear?: boolean;
  id?: string;
  label?: string;
}

/**
 * A colour: the browser's own picker beside the hex text the schema takes (#rgb, #rrggbb or
 * #rrggbbaa, typed or picked). antd's ColorPicker is not used: its modules would join the shared
 * form-widgets chunk and grow /login past its budget.
 */
export function HexColourPicker({ value, onChange, allowClear, id, label }: HexPickerProps) {
  return (
    <Space.Compact>
      <Input
        type="color"
        aria-label={label}
        value={nativeColourOf(value)}
        onChange={(event) => onChange?.(event.target.value)}
        style={{ width: 44, padding: 2 }}
      />
      <Input
        id={id}
        value={value ?? ''}
        placeholder="#1677ff"
        allowClear={allowClear}
        spellCheck={false}
        maxLength={9}
        onChange={(event) => onChange?.(event.target.value.trim() || undefined)}
        style={{ width: 120 }}
      />
    </Space.Compact>
  );
}

interface ColoursFieldProps {
  value?: SchemeColours;
  onChange?: (value: SchemeColours) => void;
}

/** The scheme's other colours, each optional, with the scheme previewed live as it is edited. */
export function ColoursField({ value, onChange }: ColoursFieldProps) {
  const t = useColourT();
  const primary = Form.useWatch<string | undefined>('primary');
  const set = (token: ColourToken, colour: string | undefined) => onChange?.(withoutBlank({ ...value, [token]: colour }));
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12}>
        {COLOUR_TOKENS.map((token) => (
          <Flex key={token} vertical gap={2}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`token.${token}`)}
            </Typography.Text>
            <HexColourPicker value={value?.[token]} onChange={(colour) => set(token, colour)} allowClear label={t(`token.${token}`)} />
          </Flex>
        ))}
      </Flex>
      <SchemePreview primary={primary} colours={value} />
    </Flex>
  );
}
