const TOAST_SECONDS = 3;

type Toast = (text: string) => void;

/** Toasts raised before the message host has loaded wait for it, and ask for it to be loaded. */
const waiting: string[] = [];
let loadHost = (): void => undefined;
let show: Toast = (text) => {
  waiting.push(text);
  loadHost();
};

/** Called by ToastHost with the way to load the message host once a toast waits for it. */
export function onToastWaiting(load: () => void): void {
  loadHost = load;
  if (waiting.length) load();
}

/** Called by MessageHost with antd's themed message API. */
export function registerToast(api: { error: (text: string, seconds: number) => unknown }): void {
  show = (text) => void api.error(text, TOAST_SECONDS);
  waiting.splice(0).forEach(show);
}

/** An error toast shown for 3 seconds (spec §8). */
export const toastError = (text: string): void => show(text);
