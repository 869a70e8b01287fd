import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { API_ENTRY_PATTERN, duplicateEntries } from './menuValues.ts';
import { useMenuT } from './messages.ts';

/** The server's limits (contracts' menuFields.api): entries and characters per entry. */
const MAX_ENTRIES = 50;
const MAX_ENTRY_LENGTH = 300;

/** A button's API calls as an editable list, each checked as METHOD:/path and unique. */
export function ApiEntriesField() {
  const t = useMenuT();
  return (
    <Form.List
      name="api"
      rules={[
        {
          validator: async (_, entries: string[] | undefined) => {
            if ((entries?.length ?? 0) > MAX_ENTRIES) throw new Error(t('apiTooMany', { max: MAX_ENTRIES }));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label={t('api')} extra={t('apiHelp')}>
          <Flex vertical gap={8}>
            {fields.map((field, position) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={field.name}
                  style={{ flex: 1, marginBottom: 0 }}
                  validateTrigger={['onChange', 'onBlur']}
                  rules={[
                    { required: true, whitespace: true, message: t('required') },
                    { max: MAX_ENTRY_LENGTH, message: t('tooLong', { max: MAX_ENTRY_LENGTH }) },
                    { pattern: API_ENTRY_PATTERN, message: t('apiPattern') },
                    ({ getFieldValue }) => ({
                      validator: async () => {
                        const entries = (getFieldValue('api') ?? []) as (string | undefined)[];
                        if (duplicateEntries(entries).has(position)) throw new Error(t('apiDuplicate'));
                      },
                    }),
                  ]}
                >
                  <Input aria-label={t('apiEntry', { number: position + 1 })} placeholder="GET:/api/permission/…" spellCheck={false} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('removeApi', { number: position + 1 })}
                  title={t('removeApi', { number: position + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= MAX_ENTRIES}>
              {t('addApi')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        </Form.Item>
      )}
    </Form.List>
  );
}
