import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A link-style antd Button that is a real `<a href>` (open in a new tab works) but navigates
 * inside the app on a plain click.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button type="link" size="small" {...props} href={to} onClick={follow} />;
}
