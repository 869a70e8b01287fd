import { message } from 'antd';
import { useEffect } from 'react';
import { registerToast } from './api/notify.ts';

/** Gives the HTTP client's toasts antd's themed message API (instead of the unthemed static one). */
export function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => registerToast(api), [api]);
  return holder;
}
