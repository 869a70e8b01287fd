import { dirname, resolve, sep } from 'node:path';

/**
 * The server's module boundary (ARCHITECTURE.md "Modules"): a file of apps/server/src/modules/<a>/
 * may import another module only through its public face (`<b>/index.ts`, or `<b>/references.ts`
 * for what its tables and queries may refer to: a foreign-key column, a SQL fragment the owner
 * module writes), and apps/server/src/platform/ imports no module at all.
 */
const SERVER_SRC = `apps${sep}server${sep}src${sep}`;
const PUBLIC_FACES = new Set(['index.ts', 'references.ts']);

/** `{ area: 'modules', module: 'permission', rest: 'users/directory.ts' }` for a path under the server's src. */
function placeOf(file) {
  const at = file.indexOf(SERVER_SRC);
  if (at < 0) return null;
  const [area, module, ...rest] = file.slice(at + SERVER_SRC.length).split(sep);
  return { area, module, rest: rest.join('/') };
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules use each other only through their public face; platform imports no module' },
    messages: {
      deepImport: "Module '{{from}}' reaches into '{{to}}/{{path}}': import '{{to}}/index.ts' and use its api instead.",
      platformImport: "platform/ imports no module (here '{{to}}'): take what it needs as a parameter, wired in app.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = placeOf(file);
    if (!here || (here.area !== 'modules' && here.area !== 'platform')) return {};
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeOf(resolve(dirname(file), source));
      if (!target || target.area !== 'modules') return;
      if (here.area === 'platform') {
        context.report({ node, messageId: 'platformImport', data: { to: target.module } });
      } else if (target.module !== here.module && !PUBLIC_FACES.has(target.rest)) {
        context.report({ node, messageId: 'deepImport', data: { from: here.module, to: target.module, path: target.rest } });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
