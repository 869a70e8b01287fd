import { useQuery } from '@tanstack/react-query';
import { iconSchemaQuery, uploadedIconUrl } from './iconSchema.ts';

/** The size antd's icons take in menus and buttons: the font size. */
const ICON_STYLE = { width: '1em', height: '1em', objectFit: 'contain', verticalAlign: '-0.125em' } as const;

/**
 * An icon uploaded in the icon manager, drawn by its name as antd icons are (1em, in the text's
 * line), or nothing while the name is unknown. Decorative: the menu entry's title names it.
 */
export function UploadedIcon({ name }: { name: string }) {
  const schema = useQuery(iconSchemaQuery());
  const url = uploadedIconUrl(schema.data, name);
  if (!url) return null;
  return <img src={url} alt="" role="presentation" data-icon-name={name} className="anticon" style={ICON_STYLE} />;
}
