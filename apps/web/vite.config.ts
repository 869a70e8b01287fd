import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where antd's ConfigProvider finds the tooltips' UniqueProvider: see shims/tooltip-unique-provider.js. */
const TOOLTIP_UNIQUE_PROVIDER = /[\\/]antd[\\/]es[\\/]tooltip[\\/]UniqueProvider[\\/]index\.js$/;

/** Gives antd's config-provider the stand-in; the file itself stays as it is for anything else. */
const tooltipUniqueProviderShim: Plugin = {
  name: 'portal:tooltip-unique-provider-shim',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || !/[\\/]antd[\\/]es[\\/]config-provider[\\/]/.test(importer) || !source.endsWith('UniqueProvider')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && TOOLTIP_UNIQUE_PROVIDER.test(resolved.id)
      ? fileURLToPath(new URL('./shims/tooltip-unique-provider.js', import.meta.url))
      : null;
  },
};

export default defineConfig({
  plugins: [react(), tooltipUniqueProviderShim],
  resolve: {
    // See shims/side-channel.cjs: qs's cycle check without 10 KB of legacy-engine fallbacks.
    alias: { 'side-channel': fileURLToPath(new URL('./shims/side-channel.cjs', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets checks add up the code a route loads (the /login budget).
    manifest: true,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // The form widgets of /login, which the console's pages share: one chunk instead of a
            // handful of small ones, each of which would compress on its own (a few KB of the
            // /login budget).
            {
              name: 'form-widgets',
              test: /node_modules[\\/](antd[\\/]es[\\/](alert|checkbox|input|space|_util[\\/]gapSize|style[\\/]compact-item)|@rc-component[\\/](input|checkbox|textarea)|axios)[\\/]/,
            },
            // Calling the server, which /login does as every page: the typed client, the contracts'
            // shared schemas and sign-in calls, and TypeBox's builders, one chunk rather than six.
            // Not the flows through external identity providers: /login loads them only when one is offered.
            {
              name: 'server-calls',
              test: /(packages[\\/]contracts[\\/]src[\\/](common|constants|errors|endpoint|paging|security|auth)\.ts|packages[\\/]contracts[\\/]src[\\/]reception-center[\\/](?!external-sign-in)|apps[\\/]web[\\/]src[\\/]api[\\/]|node_modules[\\/](typebox|js-cookie)[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
