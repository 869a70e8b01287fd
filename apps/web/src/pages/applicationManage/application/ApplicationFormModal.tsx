import { APPLICATION_TYPES, OPEN_TYPES, applicationEndpoints, type Application, type ApplicationType } from '@portal/contracts';
import { Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/admin/FormModal.tsx';
import { schemaRules } from '../../../components/admin/schemaRules.ts';
import { useCrudMutations } from '../../../components/admin/useCrudMutations.ts';
import { APPLICATION_KEY } from './api.ts';
import { INPUT_SCHEMA, TYPE_FIELDS, toApplicationInput, toApplicationValues, type ApplicationValues } from './applicationValues.ts';
import { useAppT } from './messages.ts';
import { isInternalApp } from '@portal/contracts';
import { useInstantRules } from './useInstantRules.ts';
import '../../../components/admin/messages.ts';

/** The instant is checked against the server this long after the last keystroke. */
const INSTANT_CHECK_DELAY_MS = 400;

/** The route, address and tab fields of the chosen type (spec §4), with a line on what the type is. */
function LaunchFields({ type }: { type: ApplicationType }) {
  const t = useAppT();
  const uses = TYPE_FIELDS[type];
  return (
    <>
      {uses.pathname && (
        <Form.Item name="pathname" label={t('pathname')} extra={t('pathnameHint')} rules={schemaRules(INPUT_SCHEMA, 'pathname')}>
          <Input maxLength={500} placeholder="/reports" />
        </Form.Item>
      )}
      {uses.appUrl && (
        <Form.Item
          name="appUrl"
          label={type === 'MicroWeb' ? t('appUrlMicro') : t('appUrl')}
          extra={t('appUrlHint')}
          rules={schemaRules(INPUT_SCHEMA, 'appUrl', true)}
        >
          <Input maxLength={2000} placeholder="https://" />
        </Form.Item>
      )}
      {uses.openType && (
        <Form.Item name="openType" label={t('openType')}>
          <Radio.Group options={OPEN_TYPES.map((value) => ({ value, label: t(`openTypes.${value}`) }))} />
        </Form.Item>
      )}
    </>
  );
}

/** Register (POST /v4/applications) or edit (PUT /applications/{id}) an application; rules mirror ApplicationInput. */
export function ApplicationFormModal({ editing, onClose }: { editing: Application | 'new' | null; onClose: () => void }) {
  const t = useAppT();
  const { t: tk } = useTranslation();
  const application = editing === 'new' ? null : editing;
  const instantRules = useInstantRules(application?.instant ?? null);
  const { create, update } = useCrudMutations(applicationEndpoints, [APPLICATION_KEY]);
  const submit = (values: ApplicationValues) => {
    const body = toApplicationInput(values);
    return application ? update.mutateAsync({ params: { applicationId: application.id }, body }) : create.mutateAsync({ body });
  };
  const internal = application !== null && isInternalApp(application.instant);

  return (
    <FormModal<ApplicationValues>
      open={editing !== null}
      width={640}
      title={application ? t('edit', { name: application.name }) : t('create')}
      initialValues={toApplicationValues(application)}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('name')} rules={schemaRules(INPUT_SCHEMA, 'name')}>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item
        name="instant"
        label={t('instant')}
        extra={internal ? t('instantInternal') : t('instantHint')}
        rules={instantRules}
        validateFirst
        validateDebounce={INSTANT_CHECK_DELAY_MS}
        hasFeedback
      >
        <Input maxLength={64} disabled={internal} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item noStyle dependencies={['type']}>
        {(form) => {
          const type = form.getFieldValue('type') as ApplicationType;
          return (
            <>
              <Form.Item name="type" label={t('type')} extra={t(`typeHelp.${type}`)} rules={schemaRules(INPUT_SCHEMA, 'type')}>
                <Select<ApplicationType> options={APPLICATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
              </Form.Item>
              <LaunchFields type={type} />
            </>
          );
        }}
      </Form.Item>
      <Form.Item name="category" label={t('category')} extra={t('categoryHint')}>
        <Select mode="tags" maxCount={10} tokenSeparators={[',']} open={false} suffixIcon={null} aria-label={t('category')} />
      </Form.Item>
      <Form.Item name="redirect" label={t('redirect')} extra={t('redirectHint')} rules={schemaRules(INPUT_SCHEMA, 'redirect')}>
        <Input maxLength={500} placeholder="/" />
      </Form.Item>
      <Form.Item name="appCategory" label={t('appCategory')} rules={schemaRules(INPUT_SCHEMA, 'appCategory')}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="icon" label={t('icon')} rules={schemaRules(INPUT_SCHEMA, 'icon')}>
        <Input maxLength={2000} placeholder="AppstoreOutlined" />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')}>
        <InputNumber precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="description" label={tk('adminKit.description')} rules={schemaRules(INPUT_SCHEMA, 'description')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      {/* Only an edit may mark an application first-party (the server refuses it on creation and to owners). */}
      {application && (
        <Form.Item name="firstParty" label={t('firstParty')} extra={t('firstPartyHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
}
