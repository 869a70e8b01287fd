/**
 * The browser tab's title and icon (spec §1: the title is the configured system name, else the
 * product's default name). The icon is the configured one, else the one index.html declares.
 */
let builtInIcon: string | undefined;

function iconLink(): HTMLLinkElement {
  const existing = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (existing) return existing;
  const link = document.createElement('link');
  link.rel = 'icon';
  document.head.append(link);
  return link;
}

export function showIdentity({ name, icon }: { name: string; icon: string | null }): void {
  document.title = name;
  const link = iconLink();
  builtInIcon ??= link.getAttribute('href') ?? '';
  const href = icon ?? builtInIcon;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
