import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationToken } from './applicationToken.ts';
import { openInNewTab } from './useLaunch.ts';

vi.mock('./applicationToken.ts', () => ({ applicationToken: vi.fn() }));

const token = vi.mocked(applicationToken);

/** A stand-in for the tab window.open gives back, recording where it is sent. */
function fakeTab() {
  return { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
}

function stubOpen(tab: ReturnType<typeof fakeTab> | null) {
  const open = vi.fn(() => tab);
  vi.stubGlobal('window', { open });
  return open;
}

afterEach(() => {
  vi.unstubAllGlobals();
  token.mockReset();
});

describe('openInNewTab', () => {
  it('opens the tab inside the click, cut off from the portal, then sends it to the page with its application token', async () => {
    const tab = fakeTab();
    const open = stubOpen(tab);
    token.mockResolvedValue('app-token');
    openInNewTab({ id: 'app-1', appUrl: 'https://third.example/page?token=stale&x=1' });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(token).toHaveBeenCalledWith('app-1');
    await vi.waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('https://third.example/page?token=app-token&x=1'));
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('opens an application that signs in by OpenID Connect at its address, with no token', async () => {
    const tab = fakeTab();
    stubOpen(tab);
    openInNewTab({ id: 'app-1', appUrl: 'https://third.example/page?x=1', singleSignOn: true });
    await vi.waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('https://third.example/page?x=1'));
    expect(token).not.toHaveBeenCalled();
  });

  it('closes the tab when no token can be had', async () => {
    const tab = fakeTab();
    stubOpen(tab);
    token.mockRejectedValue(new Error('403'));
    openInNewTab({ id: 'app-1', appUrl: 'https://third.example/' });
    await vi.waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('asks for nothing when the application has no address or the tab is blocked', () => {
    const open = stubOpen(null);
    openInNewTab({ id: 'app-1', appUrl: null });
    expect(open).not.toHaveBeenCalled();
    openInNewTab({ id: 'app-1', appUrl: 'https://third.example/' });
    expect(token).not.toHaveBeenCalled();
  });
});
