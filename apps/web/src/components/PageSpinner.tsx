/**
 * Full-area spinner while a page's code or data loads. Plain CSS (index.html) rather than antd's
 * Spin, because the router's fallback is part of the start-up bundle.
 */
export function PageSpinner() {
  return <div className="page-spinner" role="progressbar" aria-label="Loading" />;
}
