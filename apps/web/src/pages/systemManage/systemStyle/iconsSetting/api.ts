import { iconEndpoints, type IconInUse } from '@portal/contracts';
import { call } from '../../../../api/call.ts';
import { progressPercent } from '../../../../components/admin/download.ts';

/**
 * Uploads one file into a classification (one request per file, so each shows its own progress
 * and its own refusal). Silent: the upload list shows the server's reason beside the file.
 */
export function uploadIcon(classification: string, file: File, onProgress: (percent: number | undefined) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(
    iconEndpoints.upload,
    { params: { classification }, body: form },
    { silent: true, onUploadProgress: (event) => onProgress(progressPercent(event)) },
  );
}

/** Deletes icons; those a menu shows are kept unless `force`, and come back in `warnings`. */
export const deleteIcons = (classification: string, names: string[], force = false) =>
  call(iconEndpoints.remove, { params: { classification }, body: { names, force } });

/** Deletes the icons no menu shows (in one classification, or everywhere). */
export const cleanUpIcons = (classification?: string) =>
  call(iconEndpoints.cleanUp, { body: classification === undefined ? {} : { classification } });

/** "Menu title (resource)" for each menu an icon still appears in. */
export const menusOf = (inUse: readonly IconInUse[]): string[] =>
  inUse.flatMap((icon) => icon.menus.map((menu) => `${menu.title} (${menu.resource})`));
