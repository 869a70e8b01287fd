import type { Translate } from '../messages.ts';

export function Restricted({ t }: { t: Translate }) {
  return (
    <section>
      <h1>{t('restrictedTitle')}</h1>
      <p className="md-card">{t('restrictedText')}</p>
    </section>
  );
}
