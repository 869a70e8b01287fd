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

/**
 * The icons the menu catalogue names, by antd icon name. Only these are bundled: importing the
 * whole icon set by name would add megabytes. An unknown name shows no icon.
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

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
