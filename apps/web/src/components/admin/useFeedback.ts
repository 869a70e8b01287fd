import { App, Modal, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

export interface Feedback {
  message: MessageInstance;
  modal: Pick<typeof Modal, 'confirm' | 'error' | 'info' | 'success' | 'warning'>;
}

/**
 * antd's message and modal APIs for admin pages: the themed ones from the nearest antd `<App>`
 * (AdminPage provides one), or the static ones when a component is used outside of it.
 */
export function useFeedback(): Feedback {
  const app = App.useApp();
  // Outside an <App>, antd's context holds empty objects rather than the APIs.
  return typeof app.message.success === 'function' ? app : { message, modal: Modal };
}
