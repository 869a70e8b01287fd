import type { MicroAppLifecycle, MicroAppProps } from '@portal/contracts';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App.tsx';

/**
 * The lifecycle the portal's shell calls (contracts/micro-apps.ts). This module carries its own
 * React; one instance is mounted at a time.
 */
let root: Root | null = null;

export function mount(container: HTMLElement, props: MicroAppProps): void {
  unmount();
  // The prefix keeps useId() values apart from the portal's own React tree around it.
  root = createRoot(container, { identifierPrefix: 'micro-demo-' });
  root.render(<App {...props} />);
}

export function update(props: MicroAppProps): void {
  if (!root) throw new Error('micro-demo: update() called before mount()');
  root.render(<App {...props} />);
}

export function unmount(): void {
  root?.unmount();
  root = null;
}

const lifecycle: MicroAppLifecycle<HTMLElement> = { mount, update, unmount };
export default lifecycle;
