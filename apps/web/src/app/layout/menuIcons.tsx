import {
  ApartmentOutlined,
  AppstoreOutlined,
  BgColorsOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  HomeOutlined,
  MenuOutlined,
  MessageOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  StarOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { UploadedIcon } from '../../components/icons/UploadedIcon.tsx';

/**
 * The icons the menu catalogue names, by antd icon name. Only these are bundled: importing the
 * whole icon set by name would add megabytes. Any other name is looked up among the uploaded icons
 * (the icon manager's, by the open icon schema); an unknown one shows no icon.
 */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  BgColorsOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  HomeOutlined,
  MenuOutlined,
  MessageOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  StarOutlined,
  ToolOutlined,
  UserOutlined,
};

/** The bundled antd icons' names, for a picker. */
export const BUNDLED_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function MenuIcon({ name }: { name: string | null }) {
  if (!name) return null;
  const Icon = ICONS[name];
  return Icon ? <Icon /> : <UploadedIcon name={name} />;
}
