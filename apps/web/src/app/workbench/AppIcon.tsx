import type { Application } from '@portal/contracts';
import { Avatar, theme } from 'antd';
import { MenuIcon } from '../layout/menuIcons.tsx';

const isImage = (icon: string) => /^(https?:\/\/|\/|data:image\/)/.test(icon);

/** An application's icon: its picture, a named portal icon, or its initial on the brand colour. */
export function AppIcon({ app, size = 40 }: { app: Pick<Application, 'icon' | 'name'>; size?: number }) {
  const { token } = theme.useToken();
  if (app.icon && isImage(app.icon)) return <Avatar shape="square" size={size} src={app.icon} alt="" />;
  const named = app.icon ? <MenuIcon name={app.icon} /> : null;
  return (
    <Avatar shape="square" size={size} style={{ background: token.colorPrimary, flex: 'none' }} aria-hidden>
      {named ?? app.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
