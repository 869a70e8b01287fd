import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.ts';
import { dialog, heading, menuItem, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';

/**
 * The API catalogue and page models (issue 14): the catalogue lists every platform endpoint and the
 * APIs applications publish; try-it calls a GET and a POST with the administrator's own sign-in and
 * shows the request and the answer; an application's API shows the applications authorised to call
 * it and no try-it; a page model is created, edited, and its second version is shown.
 */

const MODEL = `E2E model ${Date.now()}`;
const TRIED = `E2E tried ${Date.now()}`;
const SHOP_API = `/e2e-orders-${Date.now()}/{orderId}`;

let applicationId = '';
let callerId = '';
// Deleting the applications deletes their page models, APIs and authorisations with them.
const session = adminSession(async (api) => {
  await api('DELETE', `/api/permission/applications/${applicationId}`);
  await api('DELETE', `/api/permission/applications/${callerId}`);
});
beforeAll(async () => {
  const instant = `e2ecat${Date.now()}`;
  ({ id: applicationId } = await session.api<{ id: string }>('POST', '/api/permission/v4/applications', {
    instant,
    name: 'E2E catalogue app',
    type: 'Web',
  }));
  ({ id: callerId } = await session.api<{ id: string }>('POST', '/api/permission/v4/applications', {
    instant: `${instant}caller`,
    name: 'E2E caller app',
    type: 'Web',
  }));
  const apis = `/api/permission/v4/applications/${applicationId}/external-apis`;
  await session.api('POST', `${apis}/openapi`, {
    openapi: '3.0.3',
    info: { title: 'Shop', version: '1' },
    paths: { [SHOP_API]: { get: { summary: 'One order of the shop', parameters: [{ name: 'orderId', in: 'path' }], responses: {} } } },
  });
  const [declared] = await session.api<{ id: string }[]>('GET', apis);
  await session.api('POST', `/api/permission/v4/applications/${applicationId}/apis-authorization`, {
    apiId: declared?.id,
    callerApplicationId: callerId,
  });
});
screenshotsOnFailure('api-catalogue', () => ({ admin: session.admin }));

/**
 * Opens a page of the Applications section by its address: the section and its first page share the
 * title 'Applications', so the menu cannot be walked by titles.
 */
const openPage = (page: Page, name: string) => page.goto(`/applicationManage/${name}`);

const shownDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Opens one API's detail from the catalogue: searched by its path, the method filter set. */
async function openApi(page: Page, method: string, path: string) {
  await openPage(page, 'api-management');
  await heading(page, 'API management').waitFor({ timeout: UI_TIMEOUT });
  await page.getByLabel('Method').click();
  await shownDropdown(page).getByTitle(method, { exact: true }).click();
  await page.getByPlaceholder('Search by path or summary').fill(path);
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: path, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `${method} ${path}` }).waitFor({ timeout: UI_TIMEOUT });
}

describe('the API catalogue', () => {
  it('lists every endpoint the server documents', async () => {
    const { page } = session.admin;
    const document = await (await page.request.get('/api/docs/json')).json();
    const operations = Object.values(document.paths as Record<string, object>).flatMap((path) => Object.keys(path)).length;
    await openPage(page, 'api-management');
    await heading(page, 'API management').waitFor({ timeout: UI_TIMEOUT });
    // Reached from the console's menu too.
    await menuItem(page, 'API management').waitFor({ timeout: UI_TIMEOUT });
    // The platform's own: applications' APIs are the other source.
    await page.getByLabel('Source').click();
    await shownDropdown(page).getByTitle('Platform', { exact: true }).click();
    await page.getByText(`${operations} in total`).waitFor({ timeout: UI_TIMEOUT });
    // Searched by text: the platform's own health check.
    const search = page.getByPlaceholder('Search by path or summary');
    await search.fill('liveness');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: '/api/health', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('1 in total').waitFor({ timeout: UI_TIMEOUT });
    await search.fill('');
    await page.keyboard.press('Enter');
    await page.getByText(`${operations} in total`).waitFor({ timeout: UI_TIMEOUT });

    // Filtered by module: only that module's calls, fewer in total.
    await page.getByLabel('Module').click();
    await shownDropdown(page).getByTitle('oss', { exact: true }).click();
    await page.getByRole('link', { name: '/api/oss/v1/buckets', exact: true }).first().waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByRole('link', { name: '/api/health', exact: true }).count()).toBe(0);
  });

  it('tries a GET with the caller’s own token: the request, the status and the body are shown', async () => {
    const { page } = session.admin;
    await openApi(page, 'GET', '/api/permission/v4/page-models');
    await page.getByText('Who may call it').waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('size (query)').fill('5');
    // Held on its way: while it is out, the busy button keeps its name (its spinner is not labelled).
    const held: Route[] = [];
    await page.route('**/api/permission/v4/page-models?size=5', (route) => void held.push(route));
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await send.click();
    await expect.poll(() => send.getAttribute('aria-busy'), { timeout: UI_TIMEOUT }).toBe('true');
    await expect.poll(() => held.length, { timeout: UI_TIMEOUT }).toBe(1);
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute('**/api/permission/v4/page-models?size=5');
    await expect.poll(() => page.getByTestId('try-it-status').textContent(), { timeout: UI_TIMEOUT }).toBe('200');
    expect(await send.getAttribute('aria-busy')).toBe('false');
    expect(await page.getByTestId('try-it-request').textContent()).toBe('GET /api/permission/v4/page-models?size=5');
    expect(await page.getByTestId('try-it-response').textContent()).toContain('"size": 5');
  });

  it('tries a POST with a JSON body, and shows a refusal as it comes', async () => {
    const { page } = session.admin;
    await openApi(page, 'POST', '/api/permission/v4/page-models');
    const body = page.getByLabel('JSON body');
    await body.fill('{ "name": ');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('The body is not valid JSON').waitFor({ timeout: UI_TIMEOUT });

    await body.fill(JSON.stringify({ name: TRIED, applicationId, definition: { type: 'page' } }));
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('try-it-status').textContent(), { timeout: UI_TIMEOUT }).toBe('200');
    expect(await page.getByTestId('try-it-request').textContent()).toBe('POST /api/permission/v4/page-models');
    expect(await page.getByTestId('try-it-response').textContent()).toContain(`"name": "${TRIED}"`);

    // The same again: the name is taken in the application, and the 409 is shown, not hidden.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('try-it-status').textContent(), { timeout: UI_TIMEOUT }).toBe('409');
    expect(await page.getByTestId('try-it-response').textContent()).toContain('CONFLICT');
  });
});

describe("an application's API", () => {
  it('is listed under its application, shows who may call it, and offers no try-it', async () => {
    const { page } = session.admin;
    await openPage(page, 'api-management');
    await heading(page, 'API management').waitFor({ timeout: UI_TIMEOUT });
    // Typed and chosen with Enter: a click could land while the dropdown still slides open (seen once).
    await page.getByLabel('Module').click();
    await page.keyboard.type('E2E catalogue app');
    await shownDropdown(page)
      .getByTitle(/^E2E catalogue app \(/)
      .waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Enter');
    await page.getByText('1 in total').waitFor({ timeout: UI_TIMEOUT });
    const row = page.getByRole('row').filter({ hasText: SHOP_API });
    await row.getByRole('link', { name: 'E2E catalogue app', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await row.getByRole('link', { name: SHOP_API, exact: true }).click();

    await page.getByRole('heading', { level: 1, name: `GET ${SHOP_API}` }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('The applications authorised to call it now').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('cell', { name: /^E2E caller app/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('cell', { name: 'For good', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText("An application's API is served at the application's own address").waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('button', { name: 'Send', exact: true }).count()).toBe(0);
  });
});

describe('page models', () => {
  it('creates a model, edits it, and shows its second version', async () => {
    const { page } = session.admin;
    await openPage(page, 'page-models');
    await heading(page, 'Page models').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New page model' }).click();
    const form = dialog(page, 'New page model');
    await form.getByLabel('Name', { exact: true }).fill(MODEL);
    await form.getByLabel('Application', { exact: true }).click();
    await shownDropdown(page).getByTitle('E2E catalogue app', { exact: true }).click();
    const definition = form.getByLabel('Definition (JSON)');
    await definition.fill('[1, 2]');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('The definition must be a JSON object').waitFor({ timeout: UI_TIMEOUT });
    await definition.fill(JSON.stringify({ type: 'page', title: 'first' }));
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('link', { name: MODEL, exact: true }).click();

    await heading(page, MODEL).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByTestId('current-version').textContent(), { timeout: UI_TIMEOUT }).toBe('1');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = dialog(page, `Edit ${MODEL}`);
    await edit.getByLabel('Definition (JSON)').fill(JSON.stringify({ type: 'page', title: 'second' }));
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });

    await expect.poll(() => page.getByTestId('current-version').textContent(), { timeout: UI_TIMEOUT }).toBe('2');
    await page.getByText('"title": "second"').waitFor({ timeout: UI_TIMEOUT });
    const versions = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'View' }) });
    await expect.poll(() => versions.count()).toBe(2);
    // The first version is kept as it was.
    await versions.filter({ hasText: /^1/ }).getByRole('button', { name: 'View' }).click();
    await dialog(page, `Version 1 of ${MODEL}`).getByText('"title": "first"').waitFor({ timeout: UI_TIMEOUT });
  });
});
