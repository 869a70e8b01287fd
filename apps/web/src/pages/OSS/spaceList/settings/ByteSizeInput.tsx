import { InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { BYTE_UNITS, bytesOf, sizeOf, type ByteUnit } from '../spaces.ts';
import { useSpaceT } from '../messages.ts';

interface ByteSizeInputProps {
  id?: string;
  /** Bytes; null or undefined: no limit. */
  value?: number | null;
  onChange?: (bytes: number | null) => void;
}

/** A byte limit typed as an amount and a unit (MiB, GiB, TiB); empty means no limit. A Form field. */
export function ByteSizeInput({ id, value, onChange }: ByteSizeInputProps) {
  const t = useSpaceT();
  const [unit, setUnit] = useState<ByteUnit>(() => (value == null ? 'GiB' : sizeOf(value).unit));
  const amount = value == null ? null : Number((value / bytesOf(1, unit)).toFixed(3));
  return (
    <Space.Compact block>
      <InputNumber<number>
        id={id}
        min={0}
        step={1}
        style={{ width: '100%' }}
        placeholder={t('noLimit')}
        value={amount}
        onChange={(next) => onChange?.(next === null ? null : bytesOf(next, unit))}
      />
      <Select<ByteUnit>
        aria-label={t('unit')}
        style={{ width: 96 }}
        value={unit}
        options={BYTE_UNITS.map((option) => ({ value: option, label: option }))}
        onChange={(next) => {
          setUnit(next);
          if (amount !== null) onChange?.(bytesOf(amount, next));
        }}
      />
    </Space.Compact>
  );
}
