import { Form, Modal } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf } from './apiErrors.ts';
import './messages.ts';

interface FormModalProps<Values> {
  open: boolean;
  title: ReactNode;
  /** Values the fields start with; the form is rebuilt each time the modal opens. */
  initialValues?: Partial<Values>;
  onCancel: () => void;
  /** Gets the validated values. Resolve to close; reject to keep the form open. */
  onSubmit: (values: Values) => Promise<unknown>;
  okText?: string;
  width?: number;
  /** `Form.Item`s with `name` and `label` (labels make each field keyboard and screen-reader friendly). */
  children: ReactNode;
}

/**
 * A modal holding an antd Form. Enter in a field submits (the OK button is the form's submit
 * button); a server answer naming a field (duplicate username, bad email) is shown beside that field.
 */
export function FormModal<Values extends object>(props: FormModalProps<Values>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // Also the form's name, so field ids (`<form>_<field>`) stay unique on the page; useId's «» stripped.
  const formId = `form${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [saving, setSaving] = useState(false);

  const finish = async (values: Values) => {
    setSaving(true);
    try {
      await props.onSubmit(values);
      props.onCancel();
    } catch (error) {
      const blamed = fieldErrorOf(error, Object.keys(form.getFieldsValue(true) as object));
      // antd's setFields is typed for the form's own paths; the field came from that same list.
      if (blamed) form.setFields([{ name: blamed.field as never, errors: [blamed.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width ?? 560}
      onCancel={props.onCancel}
      okText={props.okText ?? t('adminKit.save')}
      cancelText={t('adminKit.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values>
        id={formId}
        name={formId}
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={props.initialValues}
        onFinish={(values) => void finish(values)}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
