// The experiment's HTML report: one file, no network. The rows go in as
// JSON; a script draws the plots as SVG when the page opens:
//
//   * per sampler whose grid varies two settings (stride × samples): the
//     grid as a heat map (Arnold & Grove's Table 2), each cell the mean
//     call-edge overlap (the colour) and the mean overhead;
//   * overhead per configuration as bars to the median with the
//     interquartile range as whiskers (Hofer et al.'s Figure 9);
//   * accuracy against overhead, a point per configuration;
//   * a table per workload, and the runs that failed.
#include <sstream>
#include <string>

#include "profilers/export/export_util.h"
#include "profilers/tool/experiment.h"

namespace minijvm::prof::experiment {

namespace {

// A JSON string literal that is also safe inside <script>.
std::string json_string(const std::string& s) {
  std::ostringstream out;
  export_detail::write_json_string(out, s, /*html_safe=*/true);
  return out.str();
}

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

constexpr const char* kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 1100px; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0; }
td, th { border: 1px solid #ddd; padding: 2px 8px; text-align: right; }
th { background: #f4f4f4; } td.l, th.l { text-align: left; }
.note { color: #666; } svg text { font: 11px system-ui, sans-serif; }
)";

constexpr const char* kScript = R"JS(
'use strict';
const data = JSON.parse(document.getElementById('data').textContent);
const rows = data.rows;
const ok = rows.filter(r => r.status === 'ok');
const NS = 'http://www.w3.org/2000/svg';
const num = v => (v === undefined || v === '' ? NaN : Number(v));
const mean = xs => { const v = xs.filter(x => !isNaN(x)); return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN; };
function quantile(xs, q) {
  const v = xs.filter(x => !isNaN(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const at = (v.length - 1) * q, lo = Math.floor(at), hi = Math.ceil(at);
  return v[lo] + (v[hi] - v[lo]) * (at - lo);
}
const fmt = (x, d) => (isNaN(x) ? 'n/a' : x.toFixed(d === undefined ? 1 : d));
const pct = ratio => (ratio - 1) * 100;  // overhead in percent
function el(tag, attrs, parent, text) {
  const e = document.createElementNS(tag === 'div' || tag === 'table' || tag === 'tr' || tag === 'td' || tag === 'th' || tag === 'h3' || tag === 'p' ? 'http://www.w3.org/1999/xhtml' : NS, tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
function groupBy(list, key) {
  const m = new Map();
  for (const r of list) { const k = key(r); if (!m.has(k)) m.set(k, []); m.get(k).push(r); }
  return m;
}
const colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const profilers = [...new Set(rows.map(r => r.profiler))];
const colourOf = p => colours[profilers.indexOf(p) % colours.length];
// The settings a profiler's configurations vary, in column order.
function varying(list) {
  return data.settings.filter(s => new Set(list.map(r => r[s] || '')).size > 1);
}
function settingLabel(r, names) { return names.map(s => s + '=' + (r[s] || '·')).join(' '); }
function accuracyOf(list) { return mean(list.map(r => num(r.overlap_edge))); }

// --- heat maps ---
const heat = document.getElementById('heatmaps');
let heatmaps = 0;
for (const p of profilers) {
  const list = ok.filter(r => r.profiler === p);
  const vary = varying(rows.filter(r => r.profiler === p));
  if (vary.length < 2 || !list.length) continue;
  const [ys, xs] = [vary[0], vary[1]];
  const order = v => [...new Set(rows.filter(r => r.profiler === p).map(r => r[v] || ''))]
      .sort((a, b) => (isNaN(a) || isNaN(b) ? a.localeCompare(b) : a - b));
  const yv = order(ys), xv = order(xs);
  const cw = 92, ch = 38, left = 90, top = 40;
  const svg = el('svg', {class: 'heatmap', width: left + cw * xv.length + 20, height: top + ch * yv.length + 30}, null);
  el('h3', {}, heat, p + ': ' + ys + ' × ' + xs + ' (call-edge overlap, colour; overhead)' +
     (vary.length > 2 ? ', averaged over ' + vary.slice(2).join(', ') : ''));
  heat.appendChild(svg);
  el('text', {x: left + cw * xv.length / 2, y: 14, 'text-anchor': 'middle'}, svg, xs);
  el('text', {x: 10, y: top + ch * yv.length / 2, 'text-anchor': 'start'}, svg, ys);
  xv.forEach((x, i) => el('text', {x: left + cw * i + cw / 2, y: top - 6, 'text-anchor': 'middle'}, svg, x));
  yv.forEach((y, j) => {
    el('text', {x: left - 6, y: top + ch * j + ch / 2 + 4, 'text-anchor': 'end'}, svg, y);
    xv.forEach((x, i) => {
      const cell = list.filter(r => (r[ys] || '') === y && (r[xs] || '') === x);
      const acc = accuracyOf(cell), ovh = mean(cell.map(r => pct(num(r.overhead))));
      const shade = isNaN(acc) ? '#eee' : 'hsl(' + (acc * 1.2).toFixed(0) + ',70%,' + (85 - acc * 0.3).toFixed(0) + '%)';
      const rect = el('rect', {class: 'cell', x: left + cw * i, y: top + ch * j, width: cw - 2, height: ch - 2, fill: shade}, svg);
      el('title', {}, rect, p + ' ' + ys + '=' + y + ' ' + xs + '=' + x + ': ' + cell.length + ' runs');
      el('text', {x: left + cw * i + cw / 2, y: top + ch * j + 15, 'text-anchor': 'middle'}, svg,
         isNaN(acc) ? 'no accuracy' : fmt(acc) + '%');
      el('text', {x: left + cw * i + cw / 2, y: top + ch * j + 29, 'text-anchor': 'middle', fill: '#444'}, svg,
         (ovh >= 0 ? '+' : '') + fmt(ovh) + '% time');
    });
  });
  heatmaps++;
}
if (!heatmaps) el('p', {class: 'note'}, heat, 'No sampler varies two settings in this experiment.');

// --- overhead bars with quartiles ---
const configs = [...groupBy(rows, r => r.config).entries()].map(([config, list]) => {
  const good = list.filter(r => r.status === 'ok');
  const o = good.map(r => pct(num(r.overhead)));
  return {config, profiler: list[0].profiler, list, good,
          q1: quantile(o, 0.25), median: quantile(o, 0.5), q3: quantile(o, 0.75),
          min: quantile(o, 0), max: quantile(o, 1), accuracy: accuracyOf(good),
          context: mean(good.map(r => num(r.overlap_context)))};
});
// A configuration's short label: its profiler and the settings its
// profiler's grid varies.
for (const c of configs) {
  const vary = varying(rows.filter(r => r.profiler === c.profiler));
  c.label = c.profiler + (vary.length ? ' ' + settingLabel(c.list[0], vary) : '');
}
{
  const box = document.getElementById('bars');
  const vals = configs.flatMap(c => [c.max, c.min, 0]).filter(x => !isNaN(x));
  const hi = Math.max(...vals, 1), lo = Math.min(...vals, 0);
  const bw = 26, gap = 8, left = 60, top = 20, h = 260;
  const width = Math.max(640, left + configs.length * (bw + gap) + 20);
  el('p', {class: 'note'}, box, 'Overhead: time with the sampler alone over the unprofiled time, minus one; ' +
     'bars to the median, whiskers from the first to the third quartile.');
  const svg = el('svg', {class: 'bars', width, height: top + h + 150}, box);
  const y = v => top + (hi - v) / (hi - lo) * h;
  for (let t = 0; t <= 4; t++) {
    const v = lo + (hi - lo) * t / 4;
    el('line', {x1: left - 4, x2: width - 10, y1: y(v), y2: y(v), stroke: '#eee'}, svg);
    el('text', {x: left - 6, y: y(v) + 4, 'text-anchor': 'end'}, svg, fmt(v) + '%');
  }
  el('line', {x1: left, x2: width - 10, y1: y(0), y2: y(0), stroke: '#888'}, svg);
  configs.forEach((c, i) => {
    const x = left + i * (bw + gap);
    if (!isNaN(c.median)) {
      const bar = el('rect', {class: 'bar', x, y: Math.min(y(c.median), y(0)), width: bw,
                              height: Math.max(1, Math.abs(y(c.median) - y(0))), fill: colourOf(c.profiler), opacity: 0.75}, svg);
      el('title', {}, bar, c.config + ': median ' + fmt(c.median) + '%, quartiles ' + fmt(c.q1) + '% to ' +
         fmt(c.q3) + '%, ' + c.good.length + ' runs');
      el('line', {class: 'whisker', x1: x + bw / 2, x2: x + bw / 2, y1: y(c.q1), y2: y(c.q3), stroke: '#000'}, svg);
      el('line', {x1: x + 6, x2: x + bw - 6, y1: y(c.q1), y2: y(c.q1), stroke: '#000'}, svg);
      el('line', {x1: x + 6, x2: x + bw - 6, y1: y(c.q3), y2: y(c.q3), stroke: '#000'}, svg);
    }
    el('text', {x: x + bw / 2, y: top + h + 8, transform: 'rotate(50 ' + (x + bw / 2) + ' ' + (top + h + 8) + ')'}, svg,
       c.label.length > 30 ? c.label.slice(0, 29) + '…' : c.label);
  });
}

// --- accuracy against overhead ---
{
  const box = document.getElementById('scatter');
  const pts = configs.filter(c => !isNaN(c.median) && !isNaN(c.accuracy));
  if (!pts.length)
    el('p', {class: 'note'}, box, 'No run measured its accuracy: the spec asked for overheads only ' +
       '("accuracy": false), or no run succeeded.');
  const w = 640, h = 360, left = 60, top = 20, bottom = 40;
  const svg = el('svg', {class: 'scatter', width: w, height: h}, box);
  const xs = pts.map(c => c.median), xmax = Math.max(...xs, 1), xmin = Math.min(...xs, 0);
  const X = v => left + (v - xmin) / (xmax - xmin || 1) * (w - left - 20);
  const Y = v => top + (100 - v) / 100 * (h - top - bottom);
  for (let t = 0; t <= 4; t++) {
    el('text', {x: left - 6, y: Y(t * 25) + 4, 'text-anchor': 'end'}, svg, t * 25 + '%');
    el('line', {x1: left, x2: w - 20, y1: Y(t * 25), y2: Y(t * 25), stroke: '#eee'}, svg);
    const v = xmin + (xmax - xmin) * t / 4;
    el('text', {x: X(v), y: h - bottom + 16, 'text-anchor': 'middle'}, svg, fmt(v) + '%');
  }
  el('text', {x: w / 2, y: h - 6, 'text-anchor': 'middle'}, svg, 'median overhead');
  el('text', {x: 8, y: 12}, svg, 'call-edge overlap with the exact profile of the same run (mean)');
  for (const c of pts) {
    const dot = el('circle', {class: 'point', cx: X(c.median), cy: Y(c.accuracy), r: 5, fill: colourOf(c.profiler), opacity: 0.8}, svg);
    el('title', {}, dot, c.label + ': overhead ' + fmt(c.median) + '%, edge overlap ' + fmt(c.accuracy) + '%');
  }
  profilers.forEach((p, i) => {
    el('circle', {cx: w - 110, cy: top + 10 + i * 16, r: 5, fill: colourOf(p)}, svg);
    el('text', {x: w - 100, y: top + 14 + i * 16}, svg, p);
  });
}

// --- a table per workload, then the failures ---
{
  const box = document.getElementById('workloads');
  const head = ['configuration', 'runs ok', 'overhead median', 'context overlap', 'edge overlap',
                'method overlap', 'hot-edge coverage', 'top-10 methods', 'samples'];
  for (const [workload, list] of groupBy(rows, r => r.workload)) {
    el('h3', {}, box, workload);
    const table = el('table', {class: 'workload'}, box);
    const tr = el('tr', {}, table);
    head.forEach((h, i) => el('th', {class: i ? '' : 'l'}, tr, h));
    for (const [config, runs] of groupBy(list, r => r.config)) {
      const good = runs.filter(r => r.status === 'ok');
      const cells = [config, good.length + '/' + runs.length,
                     fmt(quantile(good.map(r => pct(num(r.overhead))), 0.5)) + '%',
                     fmt(mean(good.map(r => num(r.overlap_context)))), fmt(mean(good.map(r => num(r.overlap_edge)))),
                     fmt(mean(good.map(r => num(r.overlap_method)))), fmt(mean(good.map(r => num(r.hot_edge_coverage)))),
                     fmt(mean(good.map(r => num(r.top10_methods)))), fmt(mean(good.map(r => num(r.samples_taken))), 0)];
      const row = el('tr', {}, table);
      cells.forEach((c, i) => el('td', {class: i ? '' : 'l'}, row, c));
    }
  }
  const bad = rows.filter(r => r.status !== 'ok');
  const fb = document.getElementById('failures');
  if (!bad.length) el('p', {class: 'note'}, fb, 'Every run succeeded.');
  else {
    const table = el('table', {class: 'failures'}, fb);
    const tr = el('tr', {}, table);
    ['workload', 'configuration', 'seed', 'repetition', 'status', 'error'].forEach(h => el('th', {class: 'l'}, tr, h));
    for (const r of bad) {
      const row = el('tr', {}, table);
      [r.workload, r.config, r.seed, r.repetition, r.status, r.error].forEach(c => el('td', {class: 'l'}, row, c));
    }
  }
}
document.body.setAttribute('data-drawn', 'yes');
)JS";

}  // namespace

std::string html_report(const Table& table, const std::string& title) {
  // The settings columns: those between "config" and "seed".
  std::vector<std::string> settings;
  bool in = false;
  for (const std::string& c : table.columns) {
    if (c == "seed") in = false;
    if (in) settings.push_back(c);
    if (c == "config") in = true;
  }
  std::string data = "{\"settings\":[";
  for (size_t i = 0; i < settings.size(); ++i) {
    if (i > 0) data += ',';
    data += json_string(settings[i]);
  }
  data += "],\n\"rows\":[";
  for (size_t r = 0; r < table.rows.size(); ++r) {
    data += r ? ",\n{" : "\n{";
    bool first = true;
    for (const auto& [k, v] : table.rows[r]) {
      if (!first) data += ',';
      data += json_string(k);
      data += ':';
      data += json_string(v);
      first = false;
    }
    data += "}";
  }
  data += "]}";
  size_t ok = 0;
  for (const auto& row : table.rows) ok += row.count("status") && row.at("status") == "ok";
  std::string about;
  if (!table.rows.empty()) {
    const auto& r = table.rows.front();
    auto get = [&](const char* k) { return r.count(k) ? r.at(k) : std::string(); };
    about = "minijvm " + get("minijvm_version") + " on " + get("jdk") + "; " + get("machine");
  }
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
                     html_escape(title) + " — minijvm experiment</title>\n<style>" + kStyle +
                     "</style></head><body>\n<h1>" + html_escape(title) + "</h1>\n<p>" +
                     std::to_string(table.rows.size()) + " runs, " + std::to_string(ok) + " ok. " +
                     html_escape(about) +
                     ".</p>\n<p class=\"note\">Overhead: wall time with the sampler alone over the "
                     "unprofiled time of the same job. Accuracy: the sampler's profile against the "
                     "exact calling context tree (-profile=cct) of the same execution.</p>\n"
                     "<h2>Grids</h2><div id=\"heatmaps\"></div>\n"
                     "<h2>Overhead by configuration</h2><div id=\"bars\"></div>\n"
                     "<h2>Accuracy against overhead</h2><div id=\"scatter\"></div>\n"
                     "<h2>Per workload</h2><div id=\"workloads\"></div>\n"
                     "<h2>Runs that failed</h2><div id=\"failures\"></div>\n"
                     "<script type=\"application/json\" id=\"data\">" + data + "</script>\n<script>" +
                     kScript + "</script>\n</body></html>\n";
  return html;
}

}  // namespace minijvm::prof::experiment
