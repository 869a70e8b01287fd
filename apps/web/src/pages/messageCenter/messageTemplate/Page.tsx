import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { TemplateDetail } from './TemplateDetail.tsx';
import { TemplateList } from './TemplateList.tsx';

/** messageCenter/messageTemplate: the message templates, or one template's detail view. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId ? <TemplateDetail node={node} templateId={detailId} /> : <TemplateList node={node} />;
}
