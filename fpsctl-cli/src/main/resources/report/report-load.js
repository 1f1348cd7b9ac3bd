/* fpsctl report: the GPU, power and network charts (docs/metrics.md section 14), drawn under the CPU and memory
 * charts on the fps chart's time axis, one point per live window. Kept apart from report.js, which calls
 * window.fpsctlLoadCharts(c) with what it shares: the runs, the time axis (x, pos, xRange) and its chart helpers;
 * it returns its section (null when no run read these figures), which report.js keeps on the first screen.
 * A figure the device would not give is a gap in its line and its reason is printed under the chart as text
 * (never a 0). Row layout: ReportLoad.java. */
window.fpsctlLoadCharts = function (c) {
  'use strict';
  /* row columns (ReportLoad): t, gpu %, gpu MHz, drain mW, charging, app rx, app tx, device rx, device tx (kB/s),
   * the app's own GPU time as % of the window (docs/metrics.md 14 rule 10) */
  var GPU = 1, MHZ = 2, MW = 3, CHARGING = 4, APP_GPU = 9;
  var NET = [[5, 'app rx kB/s', '#1f63c6'], [6, 'app tx kB/s', '#8e44ad'],
    [7, 'device rx kB/s (whole phone)', '#5b6475'], [8, 'device tx kB/s (whole phone)', '#b8860b']];
  var WHY = { gpu: 'GPU', power: 'battery drain', appNet: 'app network', deviceNet: 'device network',
    appGpu: 'the app\u2019s GPU time' };
  var withLoad = c.runs.filter(function (r) { return r.frames && r.frames.load; });
  if (withLoad.length === 0) { return null; }
  var sec = c.section('GPU, power and network', 'Per live window, on the same time axis as the charts above ' +
    '(docs/metrics.md section 14). A gap is a figure the device did not give; the reason is under the chart.');
  var multi = c.runs.length > 1;

  function column(r, k) {
    var y = new Array(c.x.length).fill(null);
    r.frames.load.rows.forEach(function (p) { if (c.pos[p[0]] !== undefined) { y[c.pos[p[0]]] = p[k]; } });
    return y;
  }
  function allNull(y) { return y.every(function (v) { return v === null; }); }
  function notes(keys) {
    var lines = [];
    c.runs.forEach(function (r, ri) {
      if (!r.frames || !r.frames.load) { return; }
      var u = r.frames.load.unavailable || {};
      keys.forEach(function (k) {
        if (u[k]) { lines.push((multi ? 'run ' + (ri + 1) + ' ' : '') + WHY[k] + ': unavailable \u2014 ' + u[k]); }
      });
    });
    return lines;
  }
  function chart(id, title, yLabel, series, data, yRange, extraAxis, reasons) {
    sec.appendChild(c.el('h3', { text: title }));
    var name = id.replace('chart-', '');
    if (data.length > 1) {
      var div = c.el('div', { 'class': 'chart', id: id });
      sec.appendChild(div);
      var axes = [{ label: 'seconds since the first frame' }, { label: yLabel }];
      var scales = { x: { time: false, auto: false, range: c.xRange }, y: { range: yRange } };
      if (extraAxis) {
        axes.push({ scale: extraAxis.scale, label: extraAxis.label, side: 1, grid: { show: false } });
        scales[extraAxis.scale] = { range: function (u, min, max) { return [0, (max || 1) * 1.1]; } };
      }
      var u = c.plot({ width: c.chartWidth(), height: 200, series: series, scales: scales, axes: axes,
        hooks: { draw: [c.drawPlayhead, c.drawHook(name)] } }, data, div);
      c.clickToSeek(u, null);
      /* what a test compares with the page's own load.rows: each series' label and the sum of the values it drew */
      c.track(name, u, data, { labels: series.slice(1).map(function (s) { return s.label; }),
        sums: data.slice(1).map(function (y) {
          return y.reduce(function (a, v) { return v === null ? a : a + v; }, 0);
        }) });
    }
    reasons.forEach(function (t) {
      sec.appendChild(c.el('p', { 'class': 'legend-note unavailable', 'data-unavailable': name, text: t }));
    });
  }
  function line(label, stroke, extra) {
    var s = { label: label, stroke: stroke, width: 1.5, points: { show: c.x.length < 200 }, spanGaps: false };
    Object.keys(extra || {}).forEach(function (k) { s[k] = extra[k]; });
    return s;
  }
  function prefix(ri) { return multi ? 'run ' + (ri + 1) + ' ' : ''; }

  /* GPU: load in % on the left axis, clock in MHz on the right */
  var gd = [c.x], gs = [{ label: 's' }];
  withLoad.forEach(function (r) {
    var ri = c.runs.indexOf(r);
    var load = column(r, GPU), mhz = column(r, MHZ);
    if (!allNull(load)) { gd.push(load); gs.push(line(prefix(ri) + 'GPU load %', '#d0471b')); }
    var app = column(r, APP_GPU);
    if (!allNull(app)) { gd.push(app); gs.push(line(prefix(ri) + 'app GPU time % of the window', '#1f63c6')); }
    if (!allNull(mhz)) { gd.push(mhz); gs.push(line(prefix(ri) + 'GPU MHz', '#2e9e5b', { scale: 'mhz', dash: [5, 3] })); }
  });
  chart('chart-gpu', 'GPU (load %, and clock MHz on the right axis)', '% busy', gs, gd,
    function () { return [0, 105]; }, gs.some(function (s) { return s.scale === 'mhz'; }) ?
      { scale: 'mhz', label: 'MHz' } : null, notes(['gpu', 'appGpu']));

  /* power: the battery's drain while it discharges; a window on a charger is a gap, said under the chart */
  var pd = [c.x], ps = [{ label: 's' }], charging = [];
  withLoad.forEach(function (r) {
    var ri = c.runs.indexOf(r);
    var mw = column(r, MW);
    if (!allNull(mw)) { pd.push(mw); ps.push(line(prefix(ri) + 'battery drain mW', '#b8860b')); }
    var ch = column(r, CHARGING).filter(function (v) { return v === 1; }).length;
    if (ch > 0) {
      charging.push(prefix(ri) + 'charging in ' + ch + ' of ' + r.frames.load.rows.length +
        ' windows: no drain is shown for them (never a negative one)');
    }
  });
  chart('chart-power', 'Battery drain (mW, while discharging)', 'mW', ps, pd,
    function (u, min, max) { return [0, (max || 1) * 1.1]; },
    null, charging.concat(notes(['power']).filter(function (t) { return !/unavailable \u2014 charging$/.test(t); })));

  /* network: the app's bytes and the whole phone's, each labelled as such */
  var nd = [c.x], ns = [{ label: 's' }];
  withLoad.forEach(function (r) {
    var ri = c.runs.indexOf(r);
    NET.forEach(function (n) {
      var y = column(r, n[0]);
      if (!allNull(y)) { nd.push(y); ns.push(line(prefix(ri) + n[1], n[2], n[0] >= 7 ? { dash: [5, 3] } : null)); }
    });
  });
  chart('chart-network', 'Network (kB/s: the app\u2019s own, and the whole phone\u2019s)', 'kB/s', ns, nd,
    function (u, min, max) { return [0, (max || 1) * 1.1]; }, null, notes(['appNet', 'deviceNet']));
  return sec;
};
