const TOAST_SECONDS = 3;

type Toast = (text: string) => void;

/** Toasts raised before the message host has loaded wait for it (it loads right after first paint). */
const waiting: string[] = [];
let show: Toast = (text) => void waiting.push(text);

/** Called by MessageHost with antd's themed message API. */
export function registerToast(api: { error: (text: string, seconds: number) => unknown }): void {
  show = (text) => void api.error(text, TOAST_SECONDS);
  waiting.splice(0).forEach(show);
}

/** An error toast shown for 3 seconds (spec §8). */
export const toastError = (text: string): void => show(text);
