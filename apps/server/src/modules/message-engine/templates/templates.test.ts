import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import {
  adminToken,
  apiAs,
  auditOf,
  makeGroup,
  makeOrg,
  makeRole,
  makeUser,
  tokenOf,
  useModuleApp,
} from '../../../../test/factories/identity.ts';
import { MESSAGE_ENGINE } from '../../../../test/factories/messages.ts';
import { messageChannels, messageClassifications, messageTemplates } from '../tables.ts';
import { draftsOfTemplates } from './drafts.ts';
import { loadTemplates, renderForSend } from './render.ts';

const { t, api } = useModuleApp(MESSAGE_ENGINE);
const PAGE = 'messageCenter:messageTemplate';

let channels = 0;
/** A channel row of this type, straight into the table. */
async function makeChannel(type: 'email' | 'sms' | 'webhook') {
  channels += 1;
  const id = `${type}-${channels}`;
  await t.database.db.insert(messageChannels).values({ id, name: `${type} channel ${channels}`, type });
  return id;
}

async function makeClassification(name: string) {
  const [row] = await t.database.db.insert(messageClassifications).values({ code: name.toLowerCase(), name }).returning();
  if (!row) throw new Error('classification insert failed');
  return row.id;
}

const ORDER = { name: 'order', description: 'The order', sample: { number: 'A-1', items: [{ sku: 'X', qty: 2 }] } };
const shipped = (id: string, channelId: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Order shipped ${id}`,
  channelId,
  subject: 'Order {{ order.number }} shipped',
  body: 'Hello {{ user }},{% for item in order.items %} {{ item.qty }}×{{ item.sku }}{% endfor %}',
  variables: [ORDER, { name: 'user', sample: 'Ann' }],
  ...extra,
});

const templateCount = async () => (await t.database.db.select({ n: count() }).from(messageTemplates))[0]?.n;
const head = (path: string, token?: string) =>
  t.app.inject({ method: 'HEAD', url: `${MESSAGE_ENGINE}/v1/templates${path}`, headers: token ? bearer(token) : {} });

describe('message templates', () => {
  it('creates, reads, lists with filters, edits and deletes templates, audited', async () => {
    const email = await makeChannel('email');
    const sms = await makeChannel('sms');
    const orders = await makeClassification('Orders');
    const created = await api.post(
      '/v1/templates',
      shipped('shipped', email, { format: 'html', classificationId: orders, description: 'd' }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      id: 'shipped',
      channelId: email,
      channelType: 'email',
      channelName: expect.stringContaining('email channel'),
      classificationName: 'Orders',
      format: 'html',
      variables: [ORDER, { name: 'user', sample: 'Ann' }],
      receivers: {},
    });
    const text = await api.post(
      '/v1/templates',
      shipped('sms-code', sms, { subject: undefined, body: 'Code {{ user }}', variables: [{ name: 'user' }] }),
    );
    expect(text.json()).toMatchObject({ subject: '', format: 'text', classificationId: null });
    const inApp = await api.post('/v1/templates', shipped('bell', 'inApp'));
    expect(inApp.json()).toMatchObject({ channelType: 'inApp' });

    expect((await api.get('/v1/templates/shipped')).json()).toEqual(created.json());
    expect((await api.get('/v1/templates?size=2')).json()).toMatchObject({ total: 3, size: 2 });
    const ids = async (query: string) => (await api.get(`/v1/templates?${query}`)).json().list.map((row: { id: string }) => row.id);
    expect(await ids(`channelId=${sms}`)).toEqual(['sms-code']);
    expect(await ids(`classificationId=${orders}`)).toEqual(['shipped']);
    expect(await ids('keyword=CODE')).toEqual(['sms-code']);

    // An id in the edit's body is ignored: the key never changes.
    const edited = await api.put('/v1/templates/shipped', {
      ...shipped('renamed', email),
      name: 'Shipped',
      body: '<b>{{ user }}</b>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: 'shipped', name: 'Shipped', format: 'text', classificationId: orders, description: 'd' });
    expect((await api.get('/v1/templates/renamed')).statusCode).toBe(404);
    expect((await api.delete('/v1/templates/sms-code')).json()).toEqual({ ok: true });
    expect((await api.get('/v1/templates/sms-code')).statusCode).toBe(404);
    expect((await api.put('/v1/templates/sms-code', shipped('x', sms))).statusCode).toBe(404);
    for (const action of ['message-templates.create', 'message-templates.update', 'message-templates.delete']) {
      expect((await auditOf(t, action)).length, action).toBeGreaterThan(0);
    }
  });

  it('loads templates with their channel for delivery, rendering a stored one', async () => {
    const email = await makeChannel('email');
    await api.post('/v1/templates', shipped('for-delivery', email, { format: 'html', body: '<p>{{ user }}</p>' }));
    const loaded = await loadTemplates(t.database.db, ['for-delivery', 'not-there', 'for-delivery']);
    expect(loaded).toEqual([expect.objectContaining({ id: 'for-delivery', channelType: 'email', channelState: 'disabled' })]);
    const [template] = loaded;
    if (!template) throw new Error('not loaded');
    expect(renderForSend(template, { user: '<b>Bo</b>', order: { number: 7 } })).toEqual({
      subject: 'Order 7 shipped',
      body: '<p>&lt;b&gt;Bo&lt;/b&gt;</p>',
    });
    expect(await loadTemplates(t.database.db, [])).toEqual([]);
  });

  it('drafts a send from templates: each rendered on its channel with its receivers, refusals naming the template', async () => {
    const email = await makeChannel('email');
    const sms = await makeChannel('sms');
    await api.post('/v1/templates', shipped('draft-mail', email, { format: 'html', body: '<p>{{ user }}</p>' }));
    await api.post('/v1/templates', shipped('draft-sms', sms, { subject: '', body: 'Order {{ order.number }}', variables: [ORDER] }));
    const user = await makeUser(t);
    await api.put('/v1/templates/draft-sms/receivers', { userIds: [user.id] });
    const values = { user: 'A&B', order: { number: 'N-9' } };
    const drafts = await draftsOfTemplates(t.database.db, ['draft-sms', 'draft-mail'], values);
    expect(drafts).toEqual([
      expect.objectContaining({ channelId: sms, templateId: 'draft-sms', subject: '', body: 'Order N-9', format: 'text' }),
      expect.objectContaining({ channelId: email, templateId: 'draft-mail', subject: 'Order N-9 shipped', body: '<p>A&amp;B</p>' }),
    ]);
    expect(drafts[0]?.receivers).toMatchObject({ userIds: [user.id] });

    await expect(draftsOfTemplates(t.database.db, ['draft-mail', 'ghost'], values)).rejects.toMatchObject({
      statusCode: 404,
      details: { field: 'templateIds', missing: ['ghost'] },
    });
    await expect(draftsOfTemplates(t.database.db, ['draft-mail'], { order: {} })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Template draft-mail: The template needs the variable user',
      details: { field: 'variables', missing: ['user'], templateId: 'draft-mail' },
    });
  });

  it('answers HEAD checks on id and name: 200 taken, 404 free; a duplicate write is 409 naming the field', async () => {
    const email = await makeChannel('email');
    await api.post('/v1/templates', shipped('welcome', email, { name: 'Welcome' }));
    const token = await adminToken(t);
    expect((await head('/id/welcome', token)).statusCode).toBe(200);
    expect((await head('/id/farewell', token)).statusCode).toBe(404);
    expect((await head('/name/Welcome', token)).statusCode).toBe(200);
    expect((await head(`/name/${encodeURIComponent('Not yet')}`, token)).statusCode).toBe(404);
    expect((await head('/id/9bad', token)).statusCode).toBe(400);

    const again = await api.post('/v1/templates', shipped('welcome', email, { name: 'Other' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().details.field).toBe('id');
    const sameName = await api.post('/v1/templates', shipped('welcome2', email, { name: 'Welcome' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().details.field).toBe('name');
  });

  it.each([
    ['an undeclared variable in a loop', { body: '{% for item in order.items %}{{ price }}{% endfor %}' }, 'body', 'price'],
    ['an undeclared variable in a condition', { body: '{% if order %}\n{{ vip }}{% endif %}' }, 'body', 'vip'],
    ['an undeclared variable in the subject', { subject: 'For {{ customer }}' }, 'subject', 'customer'],
    ['a property the sample lacks', { body: '{{ order.nmbr }}' }, 'body', 'order.nmbr'],
    [
      'a loop variable property the sample lacks',
      { body: '{% for item in order.items %}{{ item.price }}{% endfor %}' },
      'body',
      'item.price',
    ],
  ])('refuses %s with a 400 naming it, storing nothing', async (_what, change, field, variable) => {
    const email = await makeChannel('email');
    const before = await templateCount();
    const response = await api.post('/v1/templates', shipped(`bad-${randomUUID().slice(0, 8)}`, email, change));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(variable);
    expect(response.json().details).toMatchObject({ field, variable, line: expect.any(Number), col: expect.any(Number) });
    expect(await templateCount()).toBe(before);
  });

  it('refuses syntax errors, HTML off email, a missing subject, unknown channels and classifications', async () => {
    const email = await makeChannel('email');
    const sms = await makeChannel('sms');
    const refused = async (body: Record<string, unknown>, field: string, text: string) => {
      const response = await api.post('/v1/templates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details.field).toBe(field);
      expect(response.json().message).toContain(text);
    };
    await refused(
      shipped('syntax', email, { body: '{% if user %}open' }),
      'body',
      'Syntax error in the body: tag {% if user %} not closed',
    );
    await refused(shipped('html-sms', sms, { format: 'html' }), 'format', 'email channels only');
    await refused(shipped('html-app', 'inApp', { format: 'html' }), 'format', 'email channels only');
    await refused(shipped('no-subject', email, { subject: '  ' }), 'subject', 'needs a subject');
    await refused(shipped('lost', 'no-such-channel'), 'channelId', 'no-such-channel');
    await refused(shipped('unclassified', email, { classificationId: randomUUID() }), 'classificationId', 'classification');
    const edit = await api.post('/v1/templates', shipped('editable', email));
    expect(edit.statusCode).toBe(200);
    const badEdit = await api.put('/v1/templates/editable', { ...shipped('x', email), id: undefined, body: '{{ missing }}' });
    expect(badEdit.statusCode).toBe(400);
    expect((await api.get('/v1/templates/editable')).json().body).toBe(edit.json().body);
    expect((await api.post('/v1/templates', { ...shipped('x', email), id: '1abc' })).statusCode).toBe(400);
  });

  it('previews with the samples or the values given, escaping HTML, and refuses as a save does', async () => {
    const preview = (body: unknown) => api.post('/v1/templates/preview', body);
    const { id: _id, name: _name, channelId: _channel, ...draft } = shipped('p', 'inApp');
    const rendered = await preview(draft);
    expect(rendered.json()).toEqual({ subject: 'Order A-1 shipped', body: 'Hello Ann, 2×X', format: 'text' });
    const html = await preview({ ...draft, format: 'html', body: '<p>{{ user }}</p>', values: { user: '<script>x</script>' } });
    expect(html.json().body).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
    const bad = await preview({ ...draft, body: '{% if order %}{{ coupon }}{% endif %}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: { field: 'body', variable: 'coupon' } });
  });

  it('sets default receivers, answers them with user names, and refuses unknown ids naming them', async () => {
    const email = await makeChannel('email');
    await api.post('/v1/templates', shipped('digest', email));
    const user = await makeUser(t);
    const group = await makeGroup(t);
    const role = await makeRole(t);
    const org = await makeOrg(t);
    const receivers = { userIds: [user.id], groupIds: [group.id], roleIds: [role.id], orgIds: [org.id] };
    const set = await api.put('/v1/templates/digest/receivers', receivers);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      users: [{ id: user.id, name: user.name }],
      groups: [{ id: group.id, name: group.name }],
      roles: [{ id: role.id, name: role.name }],
      organizations: [{ id: org.id, name: org.name }],
    });
    expect((await api.get('/v1/templates/digest/receivers')).json()).toEqual(set.json());
    expect((await api.get('/v1/templates/digest')).json().receivers).toEqual(receivers);
    expect((await auditOf(t, 'message-templates.receivers.update', 'digest')).length).toBe(1);

    const ghost = randomUUID();
    const unknown = await api.put('/v1/templates/digest/receivers', { userIds: [user.id], groupIds: [ghost] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(ghost);
    expect(unknown.json().details).toMatchObject({ field: 'receivers', unknown: { groupIds: [ghost] } });
    expect((await api.get('/v1/templates/digest')).json().receivers).toEqual(receivers);
    expect((await api.put('/v1/templates/nothing-here/receivers', {})).statusCode).toBe(404);
  });

  it('answers 403 to callers without the points, and lets each point do only its part', async () => {
    const email = await makeChannel('email');
    await api.post('/v1/templates', shipped('guarded', email));
    const as = async (resources: string[]) => {
      const user = await makeUser(t, { roleIds: [(await makeRole(t, { resources })).id] });
      return apiAs(t, await tokenOf(t, user), MESSAGE_ENGINE);
    };
    const nobody = await as(['messageCenter:messageRecord']);
    const reader = await as([`${PAGE}:query`]);
    const receiversOnly = await as([`${PAGE}:receivers`]);
    const body = shipped('new-one', email);
    expect((await nobody.get('/v1/templates')).statusCode).toBe(403);
    expect((await nobody.post('/v1/templates/preview', { body: 'x' })).statusCode).toBe(403);
    expect((await reader.get('/v1/templates/guarded')).statusCode).toBe(200);
    expect((await reader.get('/v1/templates/guarded/receivers')).statusCode).toBe(200);
    expect((await reader.post('/v1/templates', body)).statusCode).toBe(403);
    expect((await reader.delete('/v1/templates/guarded')).statusCode).toBe(403);
    expect((await reader.put('/v1/templates/guarded/receivers', {})).statusCode).toBe(403);
    expect((await receiversOnly.put('/v1/templates/guarded/receivers', {})).statusCode).toBe(200);
    expect((await receiversOnly.put('/v1/templates/guarded', body)).statusCode).toBe(403);
    expect((await t.database.db.select().from(messageTemplates).where(eq(messageTemplates.id, 'new-one'))).length).toBe(0);
  });
});
