/**
 * What an icon's SVG may hold: drawing, text, gradients, clipping, masks and simple filters. Anything
 * else (script, foreignObject, iframe, animation, links, unknown elements) is dropped with its content.
 */
export const SVG_ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComposite', 'feDropShadow', 'feFlood', 'feGaussianBlur',
  'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
  'style', 'image',
]);

/** Elements whose text is kept (elsewhere text is only whitespace between elements). */
export const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);

/** Attributes without a namespace that may stay (event handlers and every other name are dropped). */
export const SVG_ATTRIBUTES = new Set([
  'id', 'class', 'style', 'transform', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'pathLength', 'preserveAspectRatio', 'version',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color',
  'clip-path', 'clip-rule', 'mask', 'filter', 'display', 'visibility', 'overflow', 'vector-effect',
  'shape-rendering', 'paint-order', 'color-interpolation-filters',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'stop-color', 'stop-opacity',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'markerWidth', 'markerHeight', 'markerUnits',
  'refX', 'refY', 'orient', 'marker-start', 'marker-mid', 'marker-end', 'maskUnits', 'maskContentUnits',
  'clipPathUnits', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'dx', 'dy',
  'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'radius', 'flood-color', 'flood-opacity',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline',
  'letter-spacing', 'word-spacing', 'text-decoration', 'lengthAdjust', 'textLength', 'rotate',
  'startOffset', 'role', 'aria-hidden', 'aria-label', 'focusable', 'href',
]);
