/**
 * Hostile SVG samples for the sanitiser's tests, each with the parts that must not survive. Kept
 * apart from the tests so the unit test and the upload test walk the same list.
 */
export const HOSTILE_SVGS: { name: string; svg: string; forbidden: string[] }[] = [
  {
    name: 'script-element',
    svg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>',
    forbidden: ['<script', 'alert'],
  },
  {
    name: 'onload-attribute',
    svg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="2" height="2" onclick="alert(2)" ONMOUSEOVER="x()"/></svg>',
    forbidden: ['onload', 'onclick', 'ONMOUSEOVER', 'alert'],
  },
  {
    name: 'javascript-href',
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
      '<a href="javascript:alert(1)"><circle r="3"/></a><use xlink:href=" jav&#x09;ascript:alert(2)"/><use href="javascript:alert(3)"/></svg>',
    forbidden: ['javascript', 'alert', '<a'],
  },
  {
    name: 'external-image',
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' +
      '<image href="https://evil.example/track.png" width="1" height="1"/><image xlink:href="//evil.example/x.png"/>' +
      '<use href="https://evil.example/sprite.svg#icon"/><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>',
    forbidden: ['evil.example', 'data:image/svg'],
  },
  {
    name: 'foreign-object',
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="10" height="10">' +
      '<div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe>hi</div></foreignObject></svg>',
    forbidden: ['foreignObject', 'iframe', 'evil.example', 'xhtml'],
  },
  {
    name: 'css-url',
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg"><style>rect { fill: url(http://evil.example/a.svg#p) } @import "https://evil.example/x.css";</style>' +
      '<rect style="background:url(https://evil.example/b.png)" fill="url(http://evil.example/c#g)" width="1" height="1"/>' +
      '<circle style="fill:u\\rl(https://evil.example/d)" r="1"/></svg>',
    forbidden: ['evil.example', 'url(http', '@import', '<style'],
  },
  {
    name: 'namespaced-script',
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml">' +
      '<h:script>alert(1)</h:script><set attributeName="onmouseover" to="alert(2)"/><animate attributeName="href" to="javascript:alert(3)"/></svg>',
    forbidden: ['script', 'alert', '<set', '<animate'],
  },
];

/** SVGs that are refused outright: a DOCTYPE (entity expansion, external entities) and other non-drawings. */
export const REFUSED_SVGS: { name: string; svg: string; reason: RegExp }[] = [
  {
    name: 'entity-expansion',
    svg:
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    reason: /DOCTYPE/,
  },
  {
    name: 'external-entity',
    svg: '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    reason: /DOCTYPE/,
  },
  { name: 'undeclared-entity', svg: '<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>', reason: /well-formed/ },
  { name: 'html', svg: '<html><body><script>alert(1)</script></body></html>', reason: /root element/ },
  { name: 'svg-without-namespace', svg: '<svg><circle r="1"/></svg>', reason: /root element/ },
  { name: 'broken', svg: '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', reason: /well-formed/ },
];
