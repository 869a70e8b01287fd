import type { MicroAppProps } from '@portal/contracts';
import { EntryLink } from '../EntryLink.tsx';
import type { Translate } from '../messages.ts';

export function Overview({ app, t }: { app: MicroAppProps; t: Translate }) {
  const others = app.menu.filter((entry) => entry.name !== app.menuId);
  return (
    <section>
      <h1>{t('overviewTitle')}</h1>
      <p>{t('overviewIntro')}</p>
      <div className="md-card">
        <h2 style={{ margin: '0 0 8px', fontSize: 16 }}>{t('overviewEntries')}</h2>
        <ul>
          {others.map((entry) => (
            <li key={entry.name}>
              <EntryLink app={app} to={entry.name}>
                {entry.title[app.language] ?? entry.title['en-US']}
              </EntryLink>
            </li>
          ))}
        </ul>
        <p className="md-muted">{t('resourceCount', { count: app.resources.length })}</p>
      </div>
    </section>
  );
}
