import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './messages.ts';

interface ConfirmActionProps {
  /** The question, e.g. "Delete user ann?". */
  title: ReactNode;
  description?: ReactNode;
  /** Runs after confirmation; the button spins until it settles. */
  onConfirm: () => Promise<unknown>;
  /** Red button and red OK (deletions). */
  danger?: boolean;
  okText?: string;
  children: ReactNode;
  buttonProps?: ButtonProps;
}

/**
 * A link-style button whose action runs only after a Popconfirm (keyboard: Enter opens it, Tab
 * reaches OK/Cancel, Escape closes). Use it for every destructive or disruptive table action.
 */
export function ConfirmAction({ title, description, onConfirm, danger, okText, children, buttonProps }: ConfirmActionProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The HTTP client has already shown the error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={title}
      description={description}
      onConfirm={() => run()}
      okText={okText ?? t('adminKit.confirm')}
      cancelText={t('adminKit.cancel')}
      okButtonProps={{ danger }}
    >
      <Button type="link" size="small" danger={danger} loading={busy} {...buttonProps}>
        {children}
      </Button>
    </Popconfirm>
  );
}
