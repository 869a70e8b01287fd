import type { Application } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { toApplicationInput, toApplicationValues } from './applicationValues.ts';

const stored: Application = {
  id: 'a1',
  instant: 'crm',
  name: 'CRM',
  type: 'WebThird',
  category: ['Sales'],
  pathname: null,
  appUrl: 'https://crm.example.com',
  openType: 'NewTab',
  appCategory: null,
  redirect: null,
  icon: null,
  description: 'Customers',
  state: 'enabled',
  firstParty: true,
  ownerId: null,
  ownerName: null,
  menuId: 'm1',
  sort: 4,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('application form values', () => {
  it('round-trips an application through the form unchanged', () => {
    expect(toApplicationInput(toApplicationValues(stored))).toEqual({
      instant: 'crm',
      name: 'CRM',
      type: 'WebThird',
      pathname: null,
      appUrl: 'https://crm.example.com',
      openType: 'NewTab',
      category: ['Sales'],
      appCategory: null,
      redirect: null,
      icon: null,
      description: 'Customers',
      sort: 4,
      firstParty: true,
    });
  });

  it('clears the launch fields the new type does not use', () => {
    const input = toApplicationInput({ ...toApplicationValues(stored), type: 'Web', pathname: ' /crm ' });
    expect(input).toMatchObject({ type: 'Web', pathname: '/crm', appUrl: null, openType: 'Current' });
    expect(toApplicationInput({ ...toApplicationValues(stored), type: 'WebStudio' })).toMatchObject({ pathname: null, appUrl: null });
  });

  it('sends blanks as null, trims text, and leaves an empty order out', () => {
    const input = toApplicationInput({ instant: ' ops ', name: ' Ops ', type: 'path', pathname: '', description: '  ', sort: null });
    expect(input).toEqual({
      instant: 'ops',
      name: 'Ops',
      type: 'path',
      pathname: null,
      appUrl: null,
      openType: 'Current',
      category: [],
      description: null,
    });
  });

  it('starts a new application as a Web application with no groups', () => {
    expect(toApplicationValues(null)).toEqual({ instant: '', name: '', type: 'Web', openType: 'Current', category: [] });
  });
});
