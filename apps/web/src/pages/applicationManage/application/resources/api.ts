import { applicationDomEndpoints as dom, type DomImportRow, type MenuInput, type MenuUpdate } from '@portal/contracts';
import { call, callForResponse } from '../../../../api/call.ts';
import { downloadFile, uploadFile } from '../../../../components/admin/download.ts';
import type { Placement } from '../../../systemManage/navManage/menuManage/menuTreeOps.ts';
import { APPLICATION_KEY } from '../api.ts';

/** Query key of one application's resource tree (its sync report and imports invalidate it). */
export const domTreeKey = (applicationId: string) => [...APPLICATION_KEY, 'dom', applicationId] as const;

/** The calls on one application's resource tree; its owner and holders of the points may make them. */
export const domApi = (applicationId: string) => {
  const params = { applicationId };
  return {
    tree: () => call(dom.tree, { params }),
    create: (body: MenuInput) => call(dom.create, { params, body }),
    update: (nodeId: string, body: MenuUpdate) => call(dom.update, { params: { ...params, nodeId }, body }),
    remove: (nodeId: string) => call(dom.remove, { params: { ...params, nodeId } }),
    move: (nodeId: string, body: Placement) => call(dom.move, { params: { ...params, nodeId }, body }),
    /** HEAD .../dom/instant/{resource}: 200 taken, 404 free. */
    isTaken: (resource: string) =>
      callForResponse(
        dom.instantTaken,
        { params: { ...params, instant: resource } },
        { silent: true, validateStatus: (status) => status === 200 || status === 404 },
      ).then((response) => response.status === 200),
    importRows: (rows: DomImportRow[]) => call(dom.importFile, { params, body: { rows } }, { silent: true }),
    importExcel: (file: File, onProgress: (percent: number | undefined) => void) =>
      uploadFile(dom.importExcel, { params }, file, onProgress),
    template: () => downloadFile(dom.template, { params }, { fallbackName: 'resources-template.xlsx' }),
    synchronize: (menu?: object[]) => call(dom.synchronize, { params, body: menu ? { menu } : {} }),
    task: (taskId: string) => call(dom.synchronizationTask, { params: { ...params, taskId } }),
  };
};
export type DomApi = ReturnType<typeof domApi>;
