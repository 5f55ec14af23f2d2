// write_html: a self-contained interactive flame graph (issue 5, "Formats",
// HTML). The page needs no network: CSS and JS are inline, the profile is
// embedded as JSON in a <script type="application/json"> element, escaped so
// that no "</script>" can end it early.
#include <string_view>

#include "profilers/export/export.h"
#include "profilers/export/export_util.h"

namespace minijvm::prof {
namespace {

using export_detail::write_json_string;

constexpr std::string_view kHead = R"HTML(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>minijvm profile</title>
<style>
body{font:13px/1.3 system-ui,sans-serif;margin:0;padding:8px 12px;background:#fff;color:#222}
header{display:flex;gap:12px;align-items:center;flex-wrap:wrap;margin-bottom:6px}
h1{font-size:16px;margin:0}
input,select,button{font:inherit}
#status{font-family:monospace;white-space:pre;min-height:1.4em;margin:4px 0;overflow:hidden}
#fg{position:relative;width:100%;overflow:hidden}
.f{position:absolute;height:17px;box-sizing:border-box;border:1px solid #fff;border-radius:2px;
 overflow:hidden;white-space:nowrap;font:11px/15px monospace;padding:0 2px;cursor:pointer}
.f:hover{border-color:#000}
.f.m{background:#e040e0!important;color:#fff}
.f.a{opacity:.55}
</style></head><body>
<header><h1 id="title">minijvm profile</h1>
<label>metric <select id="metric"></select></label>
<input id="search" placeholder="search (regex)" size="28">
<button id="reset">reset zoom</button></header>
<div id="status"></div>
<div id="fg"></div>
<script type="application/json" id="data">)HTML";

constexpr std::string_view kTail = R"HTML(</script>
<script>
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('data').textContent);
  var N = D.nodes.length, nm = D.metrics.length, ROW = 18;
  var kids = [], i;
  for (i = 0; i < N; i++) kids.push([]);
  for (i = 1; i < N; i++) kids[D.nodes[i][0]].push(i);
  var metric = 0, incl = [], zoom = 0, matched = null;
  for (i = 0; i < nm; i++) if (D.metrics[i] !== 'calls') { metric = i; break; }
  var fg = document.getElementById('fg'), status = document.getElementById('status');
  var sel = document.getElementById('metric'), search = document.getElementById('search');
  document.getElementById('title').textContent = D.profiler + ' profile';
  D.metrics.forEach(function (m, k) {
    var o = document.createElement('option');
    o.value = k; o.textContent = m; sel.appendChild(o);
  });
  sel.value = metric;

  function label(n) {
    if (n === 0) return 'all';
    var m = D.nodes[n][1];
    return m >= 0 && m < D.frames.length ? D.frames[m] : '[unknown]';
  }
  function computeInclusive() {
    incl = new Array(N);
    for (var n = 0; n < N; n++) incl[n] = D.nodes[n][3 + metric] || 0;
    for (n = N - 1; n > 0; n--) incl[D.nodes[n][0]] += incl[n];
  }
  function color(n) {
    var s = label(n), h = 0;
    for (var k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) >>> 0;
    var jdk = /^(java|javax|jdk|sun|com\.sun)\./.test(s);
    var m = D.nodes[n][1];
    if (m >= 0 && D.natives[m]) return 'hsl(' + (90 + h % 40) + ',55%,62%)';
    return jdk ? 'hsl(' + (200 + h % 30) + ',45%,' + (70 + h % 12) + '%)'
               : 'hsl(' + (h % 50) + ',80%,' + (58 + h % 14) + '%)';
  }
  function pct(v, t) { return t > 0 ? (100 * v / t).toFixed(2) + '%' : '0%'; }
  function describe(n) {
    var s = label(n), site = D.nodes[n][2];
    if (site >= 0) s += ' @' + site;
    return s + '  ' + D.metrics[metric] + ' ' + incl[n] + ' (' + pct(incl[n], incl[0]) +
           ' of total, ' + pct(incl[n], incl[zoom]) + ' of zoom), self ' + (D.nodes[n][3 + metric] || 0);
  }
  function box(n, x, w, depth, ancestor) {
    var d = document.createElement('div');
    d.className = 'f' + (ancestor ? ' a' : '') + (matched && matched[n] ? ' m' : '');
    d.style.left = x + 'px'; d.style.width = w + 'px'; d.style.top = depth * ROW + 'px';
    d.style.background = color(n);
    if (w > 28) d.textContent = label(n);
    d.onmouseenter = function () { status.textContent = describe(n); };
    d.onclick = function () { zoom = n; render(); };
    fg.appendChild(d);
  }
  function render() {
    fg.textContent = '';
    var W = fg.clientWidth || 1000, chain = [], n, maxDepth = 0;
    for (n = zoom; n > 0; n = D.nodes[n][0]) chain.unshift(n);
    chain.unshift(0);
    chain.forEach(function (a, k) { if (a !== zoom) box(a, 0, W, k, true); });
    var scale = incl[zoom] > 0 ? W / incl[zoom] : 0;
    var stack = [[zoom, 0, chain.length - 1]];
    while (stack.length) {
      var top = stack.pop(), id = top[0], x = top[1], depth = top[2], w = incl[id] * scale;
      if (id !== zoom && w < 0.5) continue;
      box(id, x, id === zoom ? W : w, depth, false);
      if (depth > maxDepth) maxDepth = depth;
      var cx = x;
      kids[id].forEach(function (c) { stack.push([c, cx, depth + 1]); cx += incl[c] * scale; });
    }
    fg.style.height = (maxDepth + 1) * ROW + 'px';
    status.textContent = describe(zoom) + (matched ? '   search: ' + matchedShare() : '');
  }
  function matchedShare() {
    var v = 0;  // inclusive of matches not under another match
    for (var n = 0; n < N; n++) {
      if (!matched[n]) continue;
      var p = D.nodes[n][0], inner = false;
      for (; p >= 0; p = D.nodes[p][0]) if (matched[p]) { inner = true; break; }
      if (!inner) v += incl[n];
    }
    return pct(v, incl[0]) + ' matched';
  }
  function doSearch() {
    var q = search.value, re;
    if (!q) { matched = null; render(); return; }
    try { re = new RegExp(q); } catch (e) { re = { test: function (s) { return s.indexOf(q) >= 0; } }; }
    matched = new Array(N);
    for (var n = 1; n < N; n++) matched[n] = re.test(label(n));
    render();
  }
  sel.onchange = function () { metric = +sel.value; computeInclusive(); render(); };
  search.oninput = doSearch;
  document.getElementById('reset').onclick = function () { zoom = 0; render(); };
  window.onresize = render;
  computeInclusive();
  render();
})();
</script>
</body></html>
)HTML";

}  // namespace

void write_html(const Profile& profile, std::ostream& out) {
  out << kHead;
  // {"profiler":..,"metrics":[..],"frames":[label..],"natives":[0|1..],
  //  "nodes":[[parent,method,site,<self value per metric>..]..]}
  out << "{\"profiler\":";
  write_json_string(out, profile.profiler, true);
  out << ",\"metrics\":[";
  for (size_t m = 0; m < profile.metrics.size(); ++m) {
    if (m) out << ",";
    write_json_string(out, profile.metrics[m], true);
  }
  out << "],\n\"frames\":[";
  for (size_t i = 0; i < profile.methods.size(); ++i) {
    if (i) out << ",";
    write_json_string(out, frame_label(profile.methods[i]), true);
  }
  out << "],\n\"natives\":[";
  for (size_t i = 0; i < profile.methods.size(); ++i)
    out << (i ? "," : "") << (profile.methods[i].is_native ? 1 : 0);
  out << "],\n\"nodes\":[";
  for (size_t i = 0; i < profile.merged().nodes.size(); ++i) {
    const ProfileNode& n = profile.merged().nodes[i];
    out << (i ? ",\n[" : "\n[") << n.parent << "," << n.method << "," << n.site;
    for (size_t m = 0; m < profile.metrics.size(); ++m)
      out << "," << profile.merged().value(i, static_cast<int>(m));
    out << "]";
  }
  out << "]}\n";
  out << kTail;
}

}  // namespace minijvm::prof
