/* fpsctl report: a Flutter app's UI/raster split (docs/metrics.md 16, docs/report.md). report.js calls
 * window.fpsctlFlutterChart once per drawing with its helpers; this file only adds the section when a run has
 * Flutter frames (frames.csv's uiMs/rasterMs) or a "flutter" block in its summary. Per frame, build (UI thread)
 * and raster are stacked: the top of the stack is their sum, the dashed line the budget (one refresh period). */
window.fpsctlFlutterChart = function (api) {
  'use strict';
  var runs = api.runs, el = api.el;
  var withFrames = runs.filter(function (r) { return r.frames && r.frames.flutter; });
  var withBlock = runs.filter(function (r) { return r.summary && r.summary.flutter; });
  api.report.flutter = { runs: withFrames.length, blocks: withBlock.length };
  if (withFrames.length === 0 && withBlock.length === 0) { return; }
  var sec = api.section('Flutter: UI and raster per frame', 'Each Flutter frame the user saw (frames.csv uiMs, ' +
    'rasterMs): build on the UI thread, raster stacked on it; the dashed line is one refresh period, the budget ' +
    'of each thread. The overlay\u2019s fps is a worst case of 120 frames, capped at 60; fpsctl\u2019s fps counts ' +
    'the frames the user saw.');
  function f32(b64) {
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    return new Float32Array(bytes.buffer);
  }
  /* the summary's block, each figure as summary.json holds it (never rounded again) */
  function num(v) { return typeof v === 'number' ? String(v) : '\u2014'; }
  var head = ['run', 'frames', 'build p50/p90/p99 ms', 'raster p50/p90/p99 ms', 'UI over budget (share)',
    'raster over budget (share)', 'worse thread', 'overlay fps UI/raster (lowest)', 'fps'];
  var t = el('table', null, [el('tr', null, head.map(function (h) { return el('th', { text: h }); }))]);
  runs.forEach(function (r, i) {
    var b = r.summary.flutter;
    if (!b) { return; }
    var cells = [String(i + 1), num(b.frames),
      num(b.buildMs.p50) + ' / ' + num(b.buildMs.p90) + ' / ' + num(b.buildMs.p99),
      num(b.rasterMs.p50) + ' / ' + num(b.rasterMs.p90) + ' / ' + num(b.rasterMs.p99),
      num(b.uiOverBudget), num(b.rasterOverBudget), String(b.worseThread),
      num(b.overlayFps.ui) + ' / ' + num(b.overlayFps.raster) + ' (' + num(b.overlayFpsLowest.ui) + ' / ' +
        num(b.overlayFpsLowest.raster) + ')', num(r.summary.fps)];
    t.appendChild(el('tr', { 'data-flutter-run': String(i) }, cells.map(function (c) {
      return el('td', { 'class': 'txt', text: c });
    })));
  });
  if (withBlock.length) { sec.appendChild(t); }
  withFrames.forEach(function (r) {
    var ri = runs.indexOf(r);
    var fl = r.frames.flutter;
    var T = f32(fl.t), U = f32(fl.ui), R = f32(fl.raster);
    /* every frame up to 4 per pixel column; beyond that 2 slices per pixel column, each keeping its tallest stack (docs/metrics.md 16 rule 11) */
    var width = api.chartWidth();
    var n = T.length;
    var keep = [];
    if (n > width * 4) {
      var t0 = T[0], span = (T[n - 1] - t0) || 1, cols = width * 2, best = new Array(cols).fill(-1);
      for (var i = 0; i < n; i++) {
        var c = Math.min(cols - 1, Math.floor((T[i] - t0) / span * cols));
        if (best[c] < 0 || U[i] + R[i] > U[best[c]] + R[best[c]]) { best[c] = i; }
      }
      keep = best.filter(function (k) { return k >= 0; });
    } else {
      for (var j = 0; j < n; j++) { keep.push(j); }
    }
    var x = [], ui = [], total = [];
    keep.forEach(function (k) { x.push(T[k]); ui.push(U[k]); total.push(U[k] + R[k]); });
    var data = [x, ui, total];
    var hz = r.summary.refreshHz || 60;
    var budget = (r.summary.flutter && r.summary.flutter.budgetMs) || 1000 / hz;
    var name = 'flutter-' + ri;
    var div = el('div', { 'class': 'chart', id: 'chart-' + name });
    sec.appendChild(div);
    var u = api.plot({ width: width, height: 220,
      series: [{ label: 's' },
        { label: 'build (UI) ms', stroke: '#1f63c6', fill: '#1f63c655', width: 1, points: { show: false } },
        { label: 'build + raster ms', stroke: '#d0471b', fill: '#d0471b33', width: 1, points: { show: false } }],
      bands: [{ series: [2, 1], fill: '#d0471b55' }],
      scales: { x: { time: false } },
      axes: [{ label: 'time s' }, { label: 'ms' }],
      hooks: { draw: [function (u) {
        var ctx = u.ctx;
        var py = Math.round(u.valToPos(budget, 'y', true)) + 0.5;
        ctx.save();
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = '#9aa3b2';
        ctx.beginPath();
        ctx.moveTo(u.bbox.left, py);
        ctx.lineTo(u.bbox.left + u.bbox.width, py);
        ctx.stroke();
        ctx.restore();
      }, api.drawHook(name)] } }, data, div);
    api.track(name, u, data, { frames: n, budgetMs: budget });
  });
};
