import { CLASSIFICATION_EXCEL_COLUMNS, CLASSIFICATION_IMPORT_MAX_BYTES, XLSX_CONTENT_TYPE } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { apiAs, auditOf, callAs, makeRole, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { MESSAGE_ENGINE } from '../../../../test/factories/messages.ts';
import { multipartFiles } from '../../../../test/factories/uploads.ts';
import { multipartUpload, workbookOf } from '../../../../test/factories/users.ts';
import { messageClassifications } from '../tables.ts';
import { CLASSIFICATIONS_CHANGED_TOPIC } from './service.ts';

const { t, api, admin } = useModuleApp(MESSAGE_ENGINE);
const HEADER = [...CLASSIFICATION_EXCEL_COLUMNS];
const PAGE = 'messageCenter:classifiedManagement';

const upload = (bytes: Buffer, as = admin) => as({ method: 'POST', url: '/v1/classifications/import', ...multipartUpload(bytes) });
const allRows = () =>
  t.database.db
    .select({
      code: messageClassifications.code,
      name: messageClassifications.name,
      description: messageClassifications.description,
      sort: messageClassifications.sort,
    })
    .from(messageClassifications)
    .orderBy(asc(messageClassifications.code));
const rowErrors = (body: string) =>
  (JSON.parse(body) as { details: { rows: { row: number; field: string; reason: string }[] } }).details.rows;

describe('classifications CRUD', () => {
  it('creates, reads, lists (by sort then name, keyword on code and name), edits and deletes, with audit and events', async () => {
    const events: string[] = [];
    const unsubscribe = t.events.subscribe(CLASSIFICATIONS_CHANGED_TOPIC, (payload) => events.push(payload));
    const orders = (await api.post('/v1/classifications', { code: 'crud.orders', name: 'Crud orders', sort: 5 })).json();
    expect(orders).toMatchObject({ code: 'crud.orders', name: 'Crud orders', sort: 5, description: null });
    const alerts = (await api.post('/v1/classifications', { code: 'crud.alerts', name: 'Crud alerts', description: 'Alarms' })).json();
    const approvals = (await api.post('/v1/classifications', { code: 'crud.approvals', name: 'Crud approvals' })).json();
    expect(events).toHaveLength(3);
    unsubscribe();

    expect((await api.get(`/v1/classifications/${alerts.id}`)).json()).toEqual(alerts);
    const listed = (await api.get('/v1/classifications?keyword=crud')).json();
    expect(listed.list.map((c: { code: string }) => c.code)).toEqual(['crud.alerts', 'crud.approvals', 'crud.orders']);
    expect((await api.get('/v1/classifications?keyword=CRUD%20ORD')).json().total).toBe(1);
    expect((await api.get('/v1/classifications?keyword=crud.app')).json().list[0].id).toBe(approvals.id);

    const edited = await api.put(`/v1/classifications/${alerts.id}`, { code: 'crud.alerts', name: 'Crud alarms', sort: 9 });
    expect(edited.json()).toMatchObject({ name: 'Crud alarms', description: 'Alarms', sort: 9 });
    expect((await api.get('/v1/classifications/list')).json()).toEqual(
      expect.arrayContaining([{ id: alerts.id, code: 'crud.alerts', name: 'Crud alarms' }]),
    );
    expect((await api.delete(`/v1/classifications/${approvals.id}`)).json()).toEqual({ ok: true });
    expect((await api.get(`/v1/classifications/${approvals.id}`)).statusCode).toBe(404);
    for (const action of ['classifications.create', 'classifications.update', 'classifications.delete']) {
      expect((await auditOf(t, action))[0]?.targetType, action).toBe('classification');
    }
  });

  it('refuses a taken code or name with 409 naming the field, and bad input with 400', async () => {
    const first = (await api.post('/v1/classifications', { code: 'dup.code', name: 'Dup name' })).json();
    const code = await api.post('/v1/classifications', { code: 'dup.code', name: 'Other name' });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'code' } });
    const name = await api.post('/v1/classifications', { code: 'dup.other', name: 'Dup name' });
    expect(name.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'name' } });
    const second = (await api.post('/v1/classifications', { code: 'dup.second', name: 'Second' })).json();
    const renamed = await api.put(`/v1/classifications/${second.id}`, { code: 'dup.code', name: 'Second' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().details.field).toBe('code');
    expect((await api.get(`/v1/classifications/${first.id}`)).json().name).toBe('Dup name');
    const bad = await api.post('/v1/classifications', { code: 'has space', name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.field).toBe('body.code');
    expect((await api.post('/v1/classifications', { code: 'x', name: '' })).statusCode).toBe(400);
  });

  it('gates management by the page points; the picker list is any signed-in user', async () => {
    const plain = apiAs(t, await tokenOf(t, await makeUser(t)), MESSAGE_ENGINE);
    expect((await plain.get('/v1/classifications/list')).statusCode).toBe(200);
    expect((await plain.get('/v1/classifications')).statusCode).toBe(403);
    expect((await plain.post('/v1/classifications', { code: 'p', name: 'p' })).statusCode).toBe(403);
    expect((await plain.get('/v1/classifications/import/template')).statusCode).toBe(403);
    const user = await makeUser(t);
    const noImport = callAs(t, bearer(await tokenOf(t, user)), MESSAGE_ENGINE);
    expect((await upload(await workbookOf([HEADER, ['gate.x', 'Gate x']]), noImport)).statusCode).toBe(403);

    const reader = await makeRole(t, { resources: [`${PAGE}:query`, `${PAGE}:create`] });
    const clerk = apiAs(t, await tokenOf(t, await makeUser(t, { roleIds: [reader.id] })), MESSAGE_ENGINE);
    expect((await clerk.get('/v1/classifications')).statusCode).toBe(200);
    const created = await clerk.post('/v1/classifications', { code: 'gate.clerk', name: 'Gate clerk' });
    expect(created.statusCode).toBe(200);
    expect((await clerk.delete(`/v1/classifications/${created.json().id}`)).statusCode).toBe(403);
    expect((await clerk.get('/v1/classifications/import/template')).statusCode).toBe(403);
    const clerkCall = callAs(t, bearer(await tokenOf(t, await makeUser(t, { roleIds: [reader.id] }))), MESSAGE_ENGINE);
    expect((await upload(await workbookOf([HEADER, ['gate.y', 'Gate y']]), clerkCall)).statusCode).toBe(403);
    expect((await allRows()).some((row) => row.code.startsWith('gate.') && row.code !== 'gate.clerk')).toBe(false);
  });
});

describe('classification import', () => {
  it('answers the template: the header row, an example row and a notes sheet', async () => {
    const response = await admin({ method: 'GET', url: '/v1/classifications/import/template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="classifications-template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const [sheet, notes] = workbook.worksheets;
    const textOf = (row: ExcelJS.Row) => HEADER.map((_, i) => row.getCell(i + 1).text);
    expect(sheet && textOf(sheet.getRow(1))).toEqual(HEADER);
    expect(sheet?.getRow(2).getCell(1).text).toBe('order.shipped');
    expect(notes?.name).toBe('notes');
    expect(notes?.getRow(7).getCell(1).text).toMatch(/existing.*updates|already exists updates/);
    // The template imports as it is.
    const imported = await upload(response.rawPayload);
    expect(imported.json()).toEqual({ created: 1, updated: 0 });
  });

  it('creates new codes and updates existing ones, all in one go, with an audit entry', async () => {
    const existing = (await api.post('/v1/classifications', { code: 'imp.kept', name: 'Imp kept', description: 'Old', sort: 3 })).json();
    await api.post('/v1/classifications', { code: 'imp.swap', name: 'Imp swap' });
    const file = await workbookOf([
      HEADER,
      ['imp.new', 'Imp new', 'Fresh', 7],
      [],
      ['imp.kept', 'Imp swap', null, null],
      ['imp.swap', 'Imp kept'],
    ]);
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 2 });
    const rows = (await allRows()).filter((row) => row.code.startsWith('imp.'));
    expect(rows).toEqual([
      { code: 'imp.kept', name: 'Imp swap', description: 'Old', sort: 3 },
      { code: 'imp.new', name: 'Imp new', description: 'Fresh', sort: 7 },
      { code: 'imp.swap', name: 'Imp kept', description: null, sort: 0 },
    ]);
    const [audit] = await auditOf(t, 'classifications.import');
    expect(audit?.after).toEqual({ created: ['imp.new'], updated: ['imp.kept', 'imp.swap'] });
    expect((await api.get(`/v1/classifications/${existing.id}`)).json().name).toBe('Imp swap');
  });

  it('refuses a file with bad rows as a whole, naming every bad row and its reason, and writes nothing', async () => {
    await api.post('/v1/classifications', { code: 'bad.taken', name: 'Bad taken' });
    const before = await allRows();
    const audits = (await auditOf(t, 'classifications.import')).length;
    const file = await workbookOf([
      HEADER,
      ['bad.fine', 'Bad fine'],
      ['', 'No code'],
      ['bad.fine', 'Bad again'],
      ['bad.long', 'x'.repeat(101)],
      ['bad.other', 'Bad taken', null, 'many'],
    ]);
    const response = await upload(file);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/4 row\(s\).*nothing was imported/);
    expect(rowErrors(response.body)).toEqual([
      { row: 3, field: 'code', reason: 'missing code' },
      { row: 4, field: 'code', reason: 'duplicate code within the file (first in row 2)' },
      { row: 5, field: 'name', reason: 'name is longer than 100 characters' },
      { row: 6, field: 'sort', reason: expect.stringMatching(/whole number/) },
      { row: 6, field: 'name', reason: 'name is taken by the classification "bad.taken"' },
    ]);
    // A name may move to a classification the file names, not to one it leaves alone.
    const moved = await upload(await workbookOf([HEADER, ['bad.fine', 'Bad fine'], ['bad.other', 'Bad taken'], ['bad.third', 'Bad fine']]));
    expect(rowErrors(moved.body)).toEqual([
      { row: 3, field: 'name', reason: 'name is taken by the classification "bad.taken"' },
      { row: 4, field: 'name', reason: 'duplicate name within the file (first in row 2)' },
    ]);
    expect(await allRows()).toEqual(before);
    expect(await auditOf(t, 'classifications.import')).toHaveLength(audits);
  });

  it('refuses files that are not workbooks, lack the header, hold no rows, or are too large', async () => {
    const before = await allRows();
    const text = await admin({
      method: 'POST',
      url: '/v1/classifications/import',
      ...multipartFiles([{ filename: 'list.xlsx', type: XLSX_CONTENT_TYPE, bytes: Buffer.from('code,name\nx,y\n') }]),
    });
    expect(text.statusCode).toBe(400);
    expect(rowErrors(text.body)).toEqual([{ row: 0, field: 'file', reason: 'not a readable .xlsx workbook' }]);
    const noHeader = await upload(
      await workbookOf([
        ['what', 'ever'],
        ['x', 'y'],
      ]),
    );
    expect(rowErrors(noHeader.body).map((e) => e.field)).toEqual(['code', 'name']);
    const empty = await upload(await workbookOf([HEADER]));
    expect(empty.statusCode).toBe(400);
    expect(rowErrors(empty.body)).toEqual([{ row: 0, field: 'file', reason: 'no classification rows below the header' }]);
    const json = await admin({ method: 'POST', url: '/v1/classifications/import', payload: { code: 'x', name: 'y' } });
    expect(json.statusCode).toBe(415);
    const huge = await upload(Buffer.alloc(CLASSIFICATION_IMPORT_MAX_BYTES + 10, 1));
    expect(huge.statusCode).toBe(413);
    const rows = Array.from({ length: 5001 }, (_, i) => [`many.${i}`, `Many ${i}`]);
    const tooMany = await upload(await workbookOf([HEADER, ...rows]));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A file can hold at most 5000 classifications');
    expect(await allRows()).toEqual(before);
  });

  it('imports 5000 rows in one go', async () => {
    const rows = Array.from({ length: 5000 }, (_, i): [string, string, null, number] => [`bulk.${i}`, `Bulk ${i}`, null, i]);
    const response = await upload(await workbookOf([HEADER, ...rows]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 5000, updated: 0 });
    const again = await upload(await workbookOf([HEADER, ...rows.map(([code, name]) => [code, `${name} v2`])]));
    expect(again.json()).toEqual({ created: 0, updated: 5000 });
    expect((await api.get('/v1/classifications?keyword=bulk.4999')).json().list[0]).toMatchObject({ name: 'Bulk 4999 v2', sort: 4999 });
  });
});
