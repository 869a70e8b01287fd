import { PROCESSOR_NAME_PATTERN, type ProcessorStep, type StoredProcessor } from '@portal/contracts';
import { Alert, Col, Form, Input, Modal, Row } from 'antd';
import { useMemo, useState } from 'react';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { processorApi, processorKeys } from './api.ts';
import { LivePreview, usePreview } from './LivePreview.tsx';
import { useProcessingT } from './messages.ts';
import { StepEditor } from './StepEditor.tsx';
import { newStep, problemsByStep } from './steps.ts';

const NAME = new RegExp(PROCESSOR_NAME_PATTERN);

/**
 * Creates or edits a processor: its name, its steps and, beside them, the steps rendered live.
 * The server's problems (from the preview or the save) are shown on the step they name.
 */
export function ProcessorEditor(props: { bucketId: string; processor: StoredProcessor | null; readOnly: boolean; onClose: () => void }) {
  const { bucketId, processor, readOnly, onClose } = props;
  const t = useProcessingT();
  const [name, setName] = useState(processor?.name ?? '');
  const [steps, setSteps] = useState<ProcessorStep[]>(processor?.steps ?? [newStep('resize')]);
  const [source, setSource] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<unknown>(null);
  const preview = usePreview(bucketId, steps, source);
  const save = useInvalidatingMutation(
    () => (processor ? processorApi.update(bucketId, processor.id, { name, steps }) : processorApi.create(bucketId, { name, steps })),
    { invalidate: [processorKeys.list(bucketId)] },
  );
  const problems = useMemo(
    () => problemsByStep(apiErrorOf(saveError ?? (preview.isError ? preview.error : null))?.details),
    [saveError, preview.isError, preview.error],
  );
  const nameValid = NAME.test(name);
  const submit = async () => {
    setSaveError(null);
    try {
      await save.mutateAsync(undefined);
      onClose();
    } catch (error) {
      setSaveError(error);
    }
  };
  const changeSteps = (next: ProcessorStep[]) => {
    setSaveError(null);
    setSteps(next);
  };
  return (
    <Modal
      open
      width={1080}
      title={processor ? t('editTitle', { name: processor.name }) : t('createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      {...(readOnly ? { footer: null } : {})}
      okButtonProps={{ disabled: !nameValid || steps.length === 0, loading: save.isPending }}
      destroyOnHidden
    >
      <Row gutter={16}>
        <Col xs={24} lg={13}>
          <Form layout="vertical">
            <Form.Item
              label={t('name')}
              htmlFor="processor-name"
              required
              extra={t('nameHint')}
              validateStatus={name && !nameValid ? 'error' : undefined}
              help={name && !nameValid ? t('nameInvalid') : undefined}
            >
              <Input
                id="processor-name"
                disabled={readOnly}
                value={name}
                maxLength={63}
                onChange={(event) => setName(event.target.value.trim())}
              />
            </Form.Item>
            <Form.Item label={t('steps')} required help={steps.length === 0 ? t('noSteps') : undefined}>
              <StepEditor steps={steps} onChange={changeSteps} problems={problems.steps} disabled={readOnly} />
            </Form.Item>
            {problems.general.length > 0 && <Alert type="error" showIcon title={problems.general.join('; ')} />}
          </Form>
        </Col>
        <Col xs={24} lg={11}>
          <LivePreview bucketId={bucketId} preview={preview} hasSteps={steps.length > 0} source={source} onSource={setSource} />
        </Col>
      </Row>
    </Modal>
  );
}
