import { Tag } from 'antd';

const COLOURS: Record<string, string> = { GET: 'blue', HEAD: 'cyan', POST: 'green', PUT: 'orange', PATCH: 'gold', DELETE: 'red' };

/** An HTTP method, coloured as API explorers usually colour it. */
export const MethodTag = ({ method }: { method: string }) => <Tag color={COLOURS[method] ?? 'default'}>{method}</Tag>;
