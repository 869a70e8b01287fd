/*
 * Stand-in for antd's tooltip UniqueProvider (antd/es/tooltip/UniqueProvider), which antd's
 * ConfigProvider imports for its `tooltip: { unique: true }` option: one shared popup for all
 * tooltips. The portal never sets that option, so the provider never renders, yet importing it puts
 * @rc-component/trigger with its portal and alignment code (about 7 KB gzip) on every page, /login
 * included. Tooltips and drop-downs import the trigger themselves and are unaffected.
 */
export default function UniqueProvider({ children }) {
  return children;
}
