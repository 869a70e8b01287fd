import type { SettingsSection, SettingsValues } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Result, Spin, Typography, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { apiErrorOf } from '../admin/apiErrors.ts';
import { formatTime } from '../admin/format.ts';
import { useFeedback } from '../admin/useFeedback.ts';
import { useSettingsT } from './messages.ts';
import { sectionKey, sectionQuery, settingsApi, type SectionState } from './settingsApi.ts';
import { blamedPath, sectionValueOf, type JsonSchema } from './settingsSchema.ts';

/** A problem across fields (the server's own rules, checked before sending): the field to mark and why. */
export interface FieldProblem {
  path: string[];
  message: string;
}

interface Props<S extends SettingsSection> {
  section: S;
  schema: JsonSchema;
  /** The user holds the page's edit point: fields can be changed and saved. */
  canEdit: boolean;
  /** A form of the page's own, to watch the draft (a live preview). */
  form?: FormInstance;
  /** Rules across fields, checked on the whole value before it is sent. */
  check?: (value: SettingsValues[S]) => FieldProblem[];
  /** After a save (the new version is current): e.g. the shell takes the new configuration. */
  onSaved?: (state: SectionState<S>) => unknown;
  /** Beside the version line above the form (e.g. the section's history). */
  extra?: ReactNode;
  /** The fields (SettingField) the page shows; the rest of the section is kept as it is. */
  children: ReactNode;
}

/**
 * One settings section's form: loads it, shows its fields with the current value, and saves the
 * section whole (the fields shown over the current value) as a new version, with a message saying
 * it is in force or what is wrong (beside the field the server blames).
 */
export function SettingsForm<S extends SettingsSection>({
  section,
  schema,
  canEdit,
  form: given,
  check,
  onSaved,
  extra,
  children,
}: Props<S>) {
  const t = useSettingsT();
  const [own] = Form.useForm();
  const form = given ?? own;
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const state = useQuery(sectionQuery(section));
  const [saving, setSaving] = useState(false);
  // A new version (saved here, or restored) is what the fields show: a remounted form would keep
  // what was typed before over its new initial values.
  const version = state.data?.version;
  useEffect(() => {
    if (version !== undefined) form.resetFields();
  }, [form, version]);

  if (!state.data) {
    return state.isError ? (
      <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void state.refetch()}>{t('retry')}</Button>} />
    ) : (
      <Spin />
    );
  }
  const current = state.data;

  const markFields = (problems: FieldProblem[]) =>
    form.setFields(problems.map(({ path, message: error }) => ({ name: path, errors: [error] })));

  const save = async (values: unknown) => {
    const value = sectionValueOf(schema, current.value, values) as SettingsValues[S];
    const problems = check?.(value) ?? [];
    if (problems.length > 0) {
      markFields(problems);
      void message.error(t('fixFields'));
      return;
    }
    setSaving(true);
    try {
      const saved = await settingsApi.replace(section, value);
      queryClient.setQueryData(sectionKey(section), saved);
      await queryClient.invalidateQueries({ queryKey: [...sectionKey(section), 'versions'] });
      void message.success(t('saved'));
      onSaved?.(saved);
    } catch (error) {
      // The HTTP client has toasted the failure; the field it names is marked too.
      const body = apiErrorOf(error);
      const path = blamedPath(body?.details);
      if (body && path) markFields([{ path, message: body.message }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16, maxWidth: 720 }}>
        <Typography.Text type="secondary">
          {current.version === 0 ? t('defaults') : t('version', { version: current.version, at: formatTime(current.changedAt) })}
        </Typography.Text>
        {extra}
      </Flex>
      <Form
        key={current.version}
        form={form}
        layout="vertical"
        initialValues={current.value}
        disabled={!canEdit}
        onFinish={(values) => void save(values)}
        onFinishFailed={() => void message.error(t('fixFields'))}
        scrollToFirstError
        style={{ maxWidth: 720 }}
      >
        {!canEdit && <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} />}
        {children}
        {canEdit && (
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('save')}
            </Button>
            <Button htmlType="button" onClick={() => form.resetFields()}>
              {t('reset')}
            </Button>
          </Flex>
        )}
      </Form>
    </>
  );
}
