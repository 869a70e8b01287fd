import { COLOUR_TOKENS, type ColourToken, type SchemeColours } from '@portal/contracts';
import { ColorPicker, Flex, Form, Typography } from 'antd';
import { useColourT } from './messages.ts';
import { SchemePreview } from './SchemePreview.tsx';
import { withoutBlank } from './schemeTheme.ts';

interface HexPickerProps {
  value?: string | undefined;
  onChange?: (value: string | undefined) => void;
  /** Optional colours may be cleared (then the theme's own is used). */
  allowClear?: boolean;
  label?: string;
}

/** A colour picker whose value is the hex text the schema takes (#rrggbb, or #rrggbbaa when not opaque). */
export function HexColourPicker({ value, onChange, allowClear, label }: HexPickerProps) {
  return (
    <ColorPicker
      aria-label={label}
      value={value ?? null}
      showText
      allowClear={allowClear}
      disabledAlpha={false}
      onChange={(colour) => onChange?.(colour.toHexString())}
      onClear={() => onChange?.(undefined)}
    />
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
