import type { Application, ApplicationAuthorization } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { apiErrorOf } from '../../../../components/admin/apiErrors.ts';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { authorizationsKey, fetchDomTree, setAuthorization } from './api.ts';
import { useAuthorizationsT } from './messages.ts';
import { NodeTree } from './NodeTree.tsx';
import { pickTreeOf } from './nodeSelection.ts';
import { parseSubjectKey, subjectKey, subjectLabel } from './subjectOptions.ts';
import { SubjectSelect } from './SubjectSelect.tsx';

interface AuthorizeValues {
  subject: string;
  nodes: string[];
}

interface AuthorizeModalProps {
  application: Application;
  /** 'new': choose a subject; an authorisation: change its nodes; null: closed. */
  editing: ApplicationAuthorization | 'new' | null;
  onClose: () => void;
}

/** Authorises a user, group or organisation for checked nodes of the application's tree (PUT replaces them). */
export function AuthorizeModal({ application, editing, onClose }: AuthorizeModalProps) {
  const t = useAuthorizationsT();
  const key = authorizationsKey(application.id);
  const domTree = useQuery({ queryKey: [...key, 'tree'], queryFn: () => fetchDomTree(application.id), enabled: editing !== null });
  const tree = useMemo(
    () => pickTreeOf({ id: application.menuId, title: `${application.name} (${t('wholeApplication')})` }, domTree.data ?? []),
    [application, domTree.data, t],
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useInvalidatingMutation(
    ({ subject, nodes }: AuthorizeValues) => {
      const ref = parseSubjectKey(subject);
      return ref ? setAuthorization(application.id, ref, nodes) : Promise.reject(new Error('no subject'));
    },
    { invalidate: [key], success: t('saved') },
  );
  const existing = editing !== 'new' ? editing : null;
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const submit = async (values: AuthorizeValues) => {
    setRefusal(null);
    try {
      // Editing: the subject is fixed, so the form has no field for it.
      await save.mutateAsync(existing ? { ...values, subject: subjectKey(existing) } : values);
    } catch (error) {
      setRefusal(apiErrorOf(error)?.message ?? String(error));
      throw error;
    }
  };

  return (
    // A form of its own per subject: a reused one kept the previous subject's checks.
    <FormModal<AuthorizeValues>
      key={existing ? subjectKey(existing) : 'new'}
      open={editing !== null}
      title={existing ? t('editTitle', { name: existing.name }) : t('authorize')}
      width={640}
      initialValues={existing ? { nodes: existing.nodes.map((node) => node.id) } : { nodes: [] }}
      onCancel={close}
      onSubmit={submit}
    >
      {existing ? (
        <Form.Item label={t('subjectField')}>
          <Typography.Text strong>
            {t(`types.${existing.subjectType}`)}: {subjectLabel(existing)}
          </Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item name="subject" label={t('subjectField')} rules={[{ required: true, message: t('subjectRequired') }]}>
          <SubjectSelect applicationId={application.id} />
        </Form.Item>
      )}
      {domTree.isLoading ? (
        <Skeleton active />
      ) : domTree.isError ? (
        <Alert type="error" showIcon title={apiErrorOf(domTree.error)?.message ?? t('treeFailed')} />
      ) : (
        <Form.Item
          name="nodes"
          label={t('nodesField')}
          extra={t('nodesHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('nodesRequired') }]}
        >
          <NodeTree tree={tree} />
        </Form.Item>
      )}
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" />}
    </FormModal>
  );
}
