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
 * Each opening has a form of its own (the body unmounts when the modal hides), so it starts from
 * that opening's `initialValues`, never from what an earlier opening left in its fields.
 */
export function FormModal<Values extends object>(props: FormModalProps<Values>) {
  const { t } = useTranslation();
  // Also the form's name, so field ids (`<form>_<field>`) stay unique on the page; useId's «» stripped.
  const formId = `form${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const [saving, setSaving] = useState(false);

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
      <OpeningForm<Values> {...props} formId={formId} onSaving={setSaving} />
    </Modal>
  );
}

/** The form of one opening: submits, closes on success, and puts a server error beside its field. */
function OpeningForm<Values extends object>(props: FormModalProps<Values> & { formId: string; onSaving: (saving: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const finish = async (values: Values) => {
    props.onSaving(true);
    try {
      await props.onSubmit(values);
      props.onCancel();
    } catch (error) {
      const blamed = fieldErrorOf(error, Object.keys(form.getFieldsValue(true) as object));
      // antd's setFields is typed for the form's own paths; the field came from that same list.
      if (blamed) form.setFields([{ name: blamed.field as never, errors: [blamed.message] }]);
    } finally {
      props.onSaving(false);
    }
  };
  return (
    <Form<Values>
      id={props.formId}
      name={props.formId}
      form={form}
      layout="vertical"
      preserve={false}
      initialValues={props.initialValues}
      onFinish={(values) => void finish(values)}
    >
      {props.children}
    </Form>
  );
}
