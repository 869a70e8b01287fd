import { Form, InputNumber } from 'antd';
import { useSpaceT } from '../messages.ts';
import { ByteSizeInput } from './ByteSizeInput.tsx';

/** The quota and per-upload limit fields of a space's form (create and settings); empty: no limit. */
export function LimitFields() {
  const t = useSpaceT();
  return (
    <>
      <Form.Item name="quotaBytes" label={t('quotaBytes')} extra={t('quotaBytesHint')}>
        <ByteSizeInput />
      </Form.Item>
      <Form.Item name="quotaObjects" label={t('quotaObjects')} extra={t('quotaObjectsHint')}>
        <InputNumber<number> min={0} max={2_000_000_000} precision={0} style={{ width: '100%' }} placeholder={t('noLimit')} />
      </Form.Item>
      <Form.Item name="maxUploadBytes" label={t('maxUploadBytes')} extra={t('maxUploadBytesHint')}>
        <ByteSizeInput />
      </Form.Item>
    </>
  );
}

/** The limit fields' values as the API takes them: a blank field removes the limit. */
export const limitsOf = (values: { quotaBytes?: number | null; quotaObjects?: number | null; maxUploadBytes?: number | null }) => ({
  quotaBytes: values.quotaBytes ?? null,
  quotaObjects: values.quotaObjects ?? null,
  maxUploadBytes: values.maxUploadBytes ?? null,
});
