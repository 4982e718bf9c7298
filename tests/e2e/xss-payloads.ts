/**
 * The XSS corpus of tests/e2e/xss-corpus.spec.ts: real payloads (script tags, event handlers,
 * `javascript:` and `data:` URLs with entity, whitespace and case tricks, SVG, frames, objects,
 * meta refresh, styles, templates and mutation-XSS samples). `M` in a template stands for the
 * payload's own marker call, `__xss('<field>-<n>')` (or `alert('<field>-<n>')`), so a marker
 * that fires names the field and the payload that got through.
 */

/** Each template once; `M` is replaced by the marker call. */
const TEMPLATES: readonly string[] = [
  // Script tags: plain, mixed case, broken up, with attributes, as a source.
  "<script>M</script>",
  "<ScRiPt>M</sCrIpT>",
  "<scr<script>ipt>M</scr</script>ipt>",
  "<script/xss>M</script>",
  '<script src="data:text/javascript,M"></script>',
  "</script><script>M</script>",
  "<<script>M//<</script>",
  // Event handlers, firing without any user action.
  '<img src=x onerror="M">',
  "<IMG SRC=x OnErRoR=M>",
  '<img/src="x"/onerror="M">',
  "<img src=x onerror=alert('A')>",
  '<svg onload="M">',
  "<svg/onload=M>",
  '<body onload="M">',
  '<input autofocus onfocus="M">',
  '<select autofocus onfocus="M"></select>',
  '<div style="animation-name:xss-spin;animation-duration:1ms" onanimationstart="M">spin</div>',
  '<details open ontoggle="M"><summary>x</summary></details>',
  '<video><source onerror="M"></video>',
  '<audio src=x onerror="M"></audio>',
  '<marquee onstart="M">m</marquee>',
  '<frameset onload="M">',
  '<isindex type=image src=1 onerror="M">',
  '<a href="https://example.com/" onmouseover="M" onclick="M">hover</a>',
  // javascript: and data: URLs, with entities, whitespace and case.
  '<a href="javascript:M">js</a>',
  '<a href="JaVaScRiPt:M">js-case</a>',
  '<a href="jav&#x09;ascript:M">js-tab</a>',
  '<a href="jav&#x0A;ascript:M">js-newline</a>',
  '<a href=" &#14;  javascript:M">js-lead</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;M">js-entities</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058M">js-padded</a>',
  '<a href="javascript&colon;M">js-colon</a>',
  '<a href="data:text/html,<script>M</script>">data-html</a>',
  '<a href="data:text/html;base64,B64">data-base64</a>',
  '<img src="javascript:M">',
  "<img src=\"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='M'/>\">",
  '<form action="javascript:M"><input type="submit" value="f"></form>',
  '<form><button formaction="javascript:M">fa</button></form>',
  // SVG.
  "<svg><script>M</script></svg>",
  '<svg><script href="data:text/javascript,M"/></svg>',
  '<svg><a xlink:href="javascript:M"><text x="20" y="20">svg-a</text></a></svg>',
  '<svg><animate onbegin="M" attributeName="x" dur="1s"/></svg>',
  '<svg><a><animate attributeName="href" values="javascript:M"/><text x="20" y="20">anim</text></a></svg>',
  '<svg><a><set attributeName="href" to="javascript:M"/><text x="20" y="20">set</text></a></svg>',
  '<svg><set attributeName="onmouseover" to="M"/></svg>',
  '<svg><foreignObject><iframe srcdoc="<script>M</script>"></iframe></foreignObject></svg>',
  "<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='M'/></svg>#x\"/></svg>",
  '<math><maction actiontype="statusline" xlink:href="javascript:M">math</maction></math>',
  '<math href="javascript:M">math-href</math>',
  // Frames, objects, embeds, meta refresh, base, links.
  '<iframe src="javascript:M"></iframe>',
  '<iframe srcdoc="<script>M</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=M&gt;"></iframe>',
  '<object data="javascript:M"></object>',
  '<object data="data:text/html,<script>M</script>"></object>',
  '<embed src="data:text/html,<script>M</script>">',
  '<meta http-equiv="refresh" content="0;url=javascript:M">',
  '<base href="javascript:M//">',
  '<link rel="stylesheet" href="javascript:M">',
  // Styles.
  '<div style="background:url(javascript:M)">bg</div>',
  '<div style="width:expression(M)">expr</div>',
  "<style>@import 'javascript:M';</style>",
  '<style>@keyframes xss-spin{from{opacity:1}to{opacity:.9}}</style><p style="animation:xss-spin 1ms" onanimationend="M">a</p>',
  // Templates and raw-text elements.
  '<template><img src=x onerror="M"></template>',
  "<xmp><img src=x onerror=M></xmp>",
  '<textarea><img title="</textarea><img src=x onerror=M>"></textarea>',
  '<title><img title="</title><img src=x onerror=M>"></title>',
  '<!--<img src="--><img src=x onerror=M//">',
  "<![CDATA[><img src=x onerror=M>]]>",
  // Mutation XSS: markup whose re-parse differs from its first parse.
  '<noscript><p title="</noscript><img src=x onerror=M>"></noscript>',
  '<math><mtext><table><mglyph><style><img src=x onerror="M">',
  '<svg></p><style><a id="</style><img src=1 onerror=M>">',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=M>",
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=M>"></style></h1>',
  '<svg><style><img src=x onerror="M"></style></svg>',
  // Breaking out of attributes and script blocks that plain text may be written into.
  '"><img src=x onerror=M>',
  "'><svg onload=M>",
  '" autofocus onfocus="M" x="',
  "{{constructor.constructor('M')()}}",
];

/** A payload that would run `id`'s marker, and the marker's id. */
export interface Payload {
  id: string;
  html: string;
}

function markerCall(id: string): string {
  return `__xss('${id}')`;
}

/** The corpus for one field: each template once, each with its own marker id `<field>-<n>`. */
export function corpus(field: string): Payload[] {
  return TEMPLATES.map((template, index) => {
    const id = `${field}-${index + 1}`;
    const call = markerCall(id);
    // The marker first: the base64 text put in afterwards may itself contain an "M".
    const html = template
      .replace(/M/g, call)
      .replace(/alert\('A'\)/g, `alert('${id}')`)
      .replace(/B64/g, Buffer.from(`<script>${call}</script>`).toString("base64"));
    return { id, html };
  });
}

/** The text every stored value starts with, so a test can see that the field reached the page. */
export function canary(field: string): string {
  return `XSS-CANARY-${field}`;
}

/**
 * One stored value: the field's canary, then as many of the corpus's payloads as fit in
 * `maxLength` (all of them when they fit), separated by line breaks or, for a single-line field,
 * spaces. `offset` starts the corpus elsewhere, so short fields try different payloads.
 */
export function bundle(field: string, maxLength: number, options: { singleLine?: boolean; offset?: number } = {}) {
  const separator = options.singleLine ? " " : "\n";
  const payloads = corpus(field);
  const offset = options.offset ?? 0;
  const rotated = [...payloads.slice(offset), ...payloads.slice(0, offset)];
  let value = canary(field);
  for (const payload of rotated) {
    if (options.singleLine && /[\r\n]/.test(payload.html)) continue;
    const next = `${value}${separator}${payload.html}`;
    if (next.length > maxLength) continue;
    value = next;
  }
  return value;
}

/** Splits the whole corpus into values of at most `maxLength` characters, each with its canary. */
export function bundles(field: string, maxLength: number): string[] {
  const values: string[] = [];
  let value = "";
  for (const payload of corpus(field)) {
    const start = value || canary(`${field}-${values.length + 1}`);
    const next = `${start}\n${payload.html}`;
    if (next.length > maxLength) {
      values.push(value);
      value = `${canary(`${field}-${values.length + 1}`)}\n${payload.html}`;
    } else {
      value = next;
    }
  }
  if (value) values.push(value);
  return values;
}

export const PAYLOAD_COUNT = TEMPLATES.length;
