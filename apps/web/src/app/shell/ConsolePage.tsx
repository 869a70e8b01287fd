import type { MenuNode } from '@portal/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { UnderConstruction } from '../../components/UnderConstruction.tsx';

/** What a console page module receives: its menu node and, on a detail route, the `detailId`. */
export interface ConsolePageProps {
  node: MenuNode;
  detailId?: string;
}

interface PageModule {
  Component: ComponentType<ConsolePageProps>;
}

/**
 * Console pages live at pages/<section>/<page…>/Page.tsx, mirroring the route table (ARCHITECTURE.md).
 * Each becomes its own chunk, loaded on first visit; pages not built yet show a placeholder.
 */
const modules = import.meta.glob<PageModule>('../../pages/*/**/Page.tsx');
const loaded = new Map<string, LazyExoticComponent<ComponentType<ConsolePageProps>>>();

function pageComponent(names: string[]) {
  const file = `../../pages/${names.join('/')}/Page.tsx`;
  const load = modules[file];
  if (!load) return undefined;
  let component = loaded.get(file);
  if (!component) {
    component = lazy(() => load().then((module) => ({ default: module.Component })));
    loaded.set(file, component);
  }
  return component;
}

export function ConsolePage({ trail, detailId }: { trail: MenuNode[]; detailId: string | undefined }) {
  const node = trail.at(-1);
  if (!node) return null;
  const Page = pageComponent(trail.map((entry) => entry.name));
  if (!Page) return <UnderConstruction title={node.title} />;
  return <Page node={node} {...(detailId === undefined ? {} : { detailId })} />;
}
