/**
 * GET /docs: one self-contained HTML page (no CDN, no external asset) that fetches /openapi.json and
 * lists the operations by tag, each with its parameters, request body and responses as JSON Schema.
 * Text is inserted with textContent only, so nothing in the document is ever interpreted as HTML.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Warden API</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem 2rem; color: #1d232b; }
  h1 { margin-bottom: 0; } .lead { color: #555; }
  h2 { border-bottom: 1px solid #ddd; margin-top: 2rem; }
  details { border: 1px solid #e2e5e9; border-radius: 6px; margin: .4rem 0; }
  summary { cursor: pointer; padding: .45rem .7rem; display: flex; gap: .8rem; align-items: baseline; }
  .method { font: 600 12px/1 ui-monospace, monospace; padding: .3rem .5rem; border-radius: 4px; color: #fff; min-width: 3.6rem; text-align: center; }
  .GET { background: #2f6fb3; } .POST { background: #2f8f5b; } .PUT { background: #a86b12; }
  .PATCH { background: #7b52ab; } .DELETE { background: #b3372f; }
  .path { font-family: ui-monospace, monospace; } .summary { color: #555; }
  .body { padding: 0 1rem 1rem; } h4 { margin: .8rem 0 .2rem; }
  pre { background: #f6f8fa; padding: .6rem; overflow: auto; max-height: 24rem; font-size: 12px; }
</style>
</head>
<body>
<h1 id="title">Warden API</h1>
<p class="lead" id="lead">Loading /openapi.json…</p>
<main id="operations"></main>
<script>
(function () {
  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }
  function block(parent, title, value) {
    if (value === undefined) return;
    parent.appendChild(el('h4', title));
    parent.appendChild(el('pre', JSON.stringify(value, null, 2)));
  }
  fetch(new URL('openapi.json', location.href)).then(function (r) { return r.json(); }).then(function (doc) {
    document.getElementById('title').textContent = doc.info.title + ' ' + doc.info.version;
    document.getElementById('lead').textContent = doc.info.description || '';
    var byTag = {};
    (doc.tags || []).forEach(function (t) { byTag[t.name] = { tag: t, ops: [] }; });
    Object.keys(doc.paths || {}).forEach(function (path) {
      Object.keys(doc.paths[path]).forEach(function (method) {
        var op = doc.paths[path][method];
        var tag = (op.tags && op.tags[0]) || 'Other';
        byTag[tag] = byTag[tag] || { tag: { name: tag }, ops: [] };
        byTag[tag].ops.push({ path: path, method: method.toUpperCase(), op: op });
      });
    });
    var main = document.getElementById('operations');
    Object.keys(byTag).forEach(function (name) {
      var group = byTag[name];
      if (group.ops.length === 0) return;
      main.appendChild(el('h2', name));
      if (group.tag.description) main.appendChild(el('p', group.tag.description, 'summary'));
      group.ops.forEach(function (o) {
        var details = el('details');
        var summary = el('summary');
        summary.appendChild(el('span', o.method, 'method ' + o.method));
        summary.appendChild(el('span', o.path, 'path'));
        summary.appendChild(el('span', o.op.summary || '', 'summary'));
        details.appendChild(summary);
        var body = el('div', undefined, 'body');
        if (o.op.description) body.appendChild(el('p', o.op.description));
        if (o.op.security) body.appendChild(el('p', 'Authorization: Bearer <token>'));
        block(body, 'Parameters', o.op.parameters);
        var content = o.op.requestBody && o.op.requestBody.content;
        block(body, 'Request body', content && content['application/json'] && content['application/json'].schema);
        block(body, 'Responses', o.op.responses);
        details.appendChild(body);
        main.appendChild(details);
      });
    });
  }).catch(function (e) {
    document.getElementById('lead').textContent = 'Could not load /openapi.json: ' + e;
  });
})();
</script>
</body>
</html>
`;
