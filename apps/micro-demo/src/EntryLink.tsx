import type { MicroAppProps } from '@portal/contracts';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to another page of this app: a real address (open in a new tab works), while a plain
 * click asks the shell to navigate, which keeps its address bar and history in charge.
 */
export function EntryLink({ app, to, children }: { app: MicroAppProps; to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    app.navigate(to);
  };
  return (
    <a href={app.hrefOf(to)} onClick={onClick} aria-current={app.menuId === to ? 'page' : undefined}>
      {children}
    </a>
  );
}
