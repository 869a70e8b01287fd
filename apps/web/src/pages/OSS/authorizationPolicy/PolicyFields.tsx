import { ACCESS_KEY_LIMITS } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Form, Input, Row, Select, Switch, type FormRule } from 'antd';
import { spaceApi, spaceKeys } from '../spaceList/api.ts';
import { useOssKeysT } from './messages.ts';
import { ACTION_GROUPS, expiryAhead, type ActionGroup } from './policyForm.ts';
import { badSources } from './sources.ts';

const GROUPS = Object.keys(ACTION_GROUPS) as ActionGroup[];

/** A rule refusing more entries than the schema allows. */
const atMost = (max: number, message: string): FormRule => ({ type: 'array', max, message });

/**
 * The policy part of the key dialog (PolicyFormValues): buckets or all, prefixes, actions grouped
 * read/list/write/delete or all, expiry, source ranges. Each field checks what the server checks,
 * so a refusal is shown beside the field before anything is sent.
 */
export function PolicyFields() {
  const t = useOssKeysT();
  const buckets = useQuery({ queryKey: spaceKeys.list, queryFn: spaceApi.list });
  const bucketOptions = (buckets.data ?? []).map((bucket) => ({ value: bucket.name, label: bucket.name }));
  const tooMany = (max: number) => t('tooMany', { max });

  return (
    <>
      <Form.Item name="allBuckets" label={t('allBuckets')} valuePropName="checked" extra={t('allBucketsHint')}>
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['allBuckets']}>
        {({ getFieldValue }) =>
          !getFieldValue('allBuckets') && (
            <Form.Item
              name="buckets"
              label={t('buckets')}
              rules={[
                { required: true, type: 'array', min: 1, message: t('bucketsRequired') },
                atMost(ACCESS_KEY_LIMITS.buckets, tooMany(ACCESS_KEY_LIMITS.buckets)),
              ]}
            >
              <Select mode="multiple" options={bucketOptions} loading={buckets.isPending} optionFilterProp="label" />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item
        name="prefixes"
        label={t('prefixes')}
        extra={t('prefixesHint')}
        rules={[
          atMost(ACCESS_KEY_LIMITS.prefixes, tooMany(ACCESS_KEY_LIMITS.prefixes)),
          { type: 'array', defaultField: { type: 'string', max: ACCESS_KEY_LIMITS.prefix } },
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} />
      </Form.Item>
      <Form.Item name="allActions" label={t('allActions')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['allActions']}>
        {({ getFieldValue }) =>
          !getFieldValue('allActions') && (
            <Form.Item
              name="actions"
              label={t('actions')}
              rules={[{ required: true, type: 'array', min: 1, message: t('actionsRequired') }]}
            >
              <Checkbox.Group style={{ width: '100%' }}>
                <Row gutter={[16, 8]}>
                  {GROUPS.map((group) => (
                    <Col key={group} xs={24} sm={12}>
                      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                        <legend style={{ fontSize: 'inherit', fontWeight: 600, marginBottom: 4 }}>{t(`group_${group}`)}</legend>
                        {ACTION_GROUPS[group].map((action) => (
                          <div key={action}>
                            <Checkbox value={action}>{action}</Checkbox>
                          </div>
                        ))}
                      </fieldset>
                    </Col>
                  ))}
                </Row>
              </Checkbox.Group>
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('expiresAt')}
        extra={t('expiresAtHint')}
        rules={[
          {
            validator: (_rule, value: string) =>
              expiryAhead(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('expiryPast'))),
          },
        ]}
      >
        <Input type="datetime-local" style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item
        name="sourceCidrs"
        label={t('sources')}
        extra={t('sourcesHint')}
        rules={[
          atMost(ACCESS_KEY_LIMITS.sources, tooMany(ACCESS_KEY_LIMITS.sources)),
          {
            validator: (_rule, value: string[] | undefined) => {
              const bad = badSources(value ?? []);
              return bad.length === 0 ? Promise.resolve() : Promise.reject(new Error(t('badSources', { list: bad.join(', ') })));
            },
          },
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} />
      </Form.Item>
    </>
  );
}
