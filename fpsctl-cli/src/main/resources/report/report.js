/* fpsctl report page. Reads the data block, prints figures exactly as summary.json holds them, and draws the
 * charts with uPlot. Frames are decimated for drawing only: per pixel column, the min and max frame time of each
 * drop level. window.fpsctlReport (and the hidden #selfcheck element) tell a test what was drawn. */
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('fpsctl-data').textContent);
  var LEVELS = ['best', 'normal', 'middle', 'high', 'frozen'];
  var LEVEL_COLORS = ['#2e8b57', '#e0b000', '#f07800', '#d62728', '#8e24aa'];
  var RUN_COLORS = ['#1f63c6', '#d0471b', '#2e9e5b', '#8e44ad', '#b8860b', '#00838f'];
  var STAGES = ['delay', 'input', 'animation', 'layout', 'draw', 'sync', 'command', 'swap', 'gpu'];
  /* FrameTimeline verdict codes per frame (ReportFrames.FT_*) and how the frame-time chart marks them */
  var FT_NAMES = ['none', 'unattributed', 'onTime', 'app', 'system'];
  var FT_MARKS = [[3, 'app jank (FrameTimeline)', '#0b57d0'], [4, 'system jank (FrameTimeline)', '#00897b']];
  var report = window.fpsctlReport = { charts: {}, figures: {}, errors: window.fpsctlErrors, ready: false };
  var app = document.getElementById('app');
  var runs = DATA.runs;

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    /* a text cell may be cut to fit the page (report.css): its whole text on hover */
    if (tag === 'td' && attrs && attrs['class'] === 'txt' && attrs.text && !attrs.title) { e.setAttribute('title', attrs.text); }
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (attrs[k] !== null && attrs[k] !== undefined) {
          if (k === 'text') { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
        }
      });
    }
    (children || []).forEach(function (c) {
      if (c !== null && c !== undefined) { e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); }
    });
    return e;
  }
  function section(title, note) {
    var s = el('section', { 'class': 'card' }, [el('h2', { text: title })]);
    if (note) { s.appendChild(el('p', { 'class': 'legend-note', text: note })); }
    app.appendChild(s);
    return s;
  }
  function get(obj, path) {
    var parts = path.split('.');
    for (var i = 0; i < parts.length; i++) {
      if (obj === null || obj === undefined) { return null; }
      obj = obj[parts[i]];
    }
    return obj === undefined ? null : obj;
  }
  /* A value as summary.json holds it: numbers printed as they are, null as a dash. */
  function show(v) {
    if (v === null || v === undefined) { return '\u2014'; }
    return String(v);
  }
  function fixed(v, d) { return v === null || v === undefined || isNaN(v) ? '\u2014' : Number(v).toFixed(d); }
  function decode(b64, Type) {
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    return new Type(bytes.buffer);
  }
  function table(head, rows, cls) {
    var t = el('table', cls ? { 'class': cls } : null);
    t.appendChild(el('tr', null, head.map(function (h) { return el('th', { text: h }); })));
    rows.forEach(function (r) { t.appendChild(r); });
    return t;
  }
  function figureCell(run, path, value) {
    var td = el('td', { 'data-figure': path, 'data-run': String(run), text: show(value) });
    if (run === 0) { report.figures[path] = value; }
    return td;
  }

  /* ---- frames: every iteration's, decoded once ---- */
  function decodeFrames(f) {
    if (!f) { return; }
    f.T = decode(f.t, Float32Array);
    f.D = decode(f.d, Float32Array);
    f.L = decode(f.l, Int8Array);
    f.W = decode(f.w, Uint16Array);
    f.F = f.ft ? decode(f.ft, Int8Array) : null;
    /* a long run's page holds a thinned set (docs/report.md "Big captures"): what the page would count from its
     * frames, the writer counted over every frame (HtmlReport "thinned"); never from the kept frames */
    if (f.thinned) {
      f.ftCounts = f.F ? f.thinned.ftCounts : null;
      f.span = f.thinned.span;
      return;
    }
    if (f.F) {
      f.ftCounts = { unattributed: 0, onTime: 0, app: 0, system: 0 };
      for (var k = 0; k < f.F.length; k++) { if (f.F[k] > 0) { f.ftCounts[FT_NAMES[f.F[k]]]++; } }
    }
    var max = 0;
    for (var i = 0; i < f.T.length; i++) { if (f.T[i] > max) { max = f.T[i]; } }
    f.span = max;
  }
  /* A run holds its iterations (one, or N of gate --iterations N); the page charts one of each run, the last
   * until the iteration selector picks another: r.summary and r.frames are the selected iteration's. */
  runs.forEach(function (r) {
    r.its = r.iterations;
    r.sel = r.its.length - 1;
    r.its.forEach(function (it) { decodeFrames(it.frames); });
  });
  var plots = [];
  function plot(opts, data, div) { var u = new uPlot(opts, data, div); plots.push(u); return u; }
  function unplot(u) { plots.splice(plots.indexOf(u), 1); u.destroy(); }
  report.rendered = [];
  var live = {}; /* the player and its run of the last drawing, for the #seek-test below */

  /* Draws the whole page for the selected iterations (again when the selector changes). */
  function render() {
  plots.slice().forEach(unplot);
  app.textContent = '';
  report.charts = {};
  report.figures = {};
  runs.forEach(function (r) { r.summary = r.its[r.sel].summary; r.frames = r.its[r.sel].frames; });
  var anyFrames = runs.some(function (r) { return r.frames && r.frames.count > 0; });
  var anyFt = runs.some(function (r) { return r.frames && r.frames.F; });
  report.frameTimeline = runs.map(function (r) { return r.frames && r.frames.F ? r.frames.ftCounts : null; });
  var refreshHz = runs.map(function (r) { return r.summary.refreshHz; }).filter(function (v) { return v; })[0] || 60;
  var vsyncMs = 1000 / refreshHz;

  /* ---- header ---- */
  app.appendChild(el('h1', { text: DATA.title }));
  app.appendChild(el('p', { 'class': 'sub', text: 'fpsctl report \u00b7 generated ' + DATA.generated +
    (runs.length > 1 ? ' \u00b7 ' + runs.length + ' runs overlaid, the first is the baseline' : '') }));
  /* ---- the first screen: verdict (once), the key numbers, charts beside the video, the worst moments ---- */
  var top = el('div', { id: 'top' });
  app.appendChild(top);
  if (DATA.gate) {
    var failed = DATA.gate.checks.filter(function (c) { return c.verdict === 'fail'; });
    var reasons = failed.slice(0, 2).map(function (c) { return c.message; });
    if (failed.length > 2) { reasons.push('and ' + (failed.length - 2) + ' more (see Gate thresholds)'); }
    if (failed.length === 0) {
      reasons.push(DATA.gate.checks.filter(function (c) { return c.verdict === 'pass'; }).length +
        ' threshold(s) met' + (DATA.gate.headline.indexOf('partial') >= 0 ? ' on a partial run' : ''));
    }
    top.appendChild(el('div', { id: 'verdict', 'class': 'verdict ' + (DATA.gate.passed ? 'ok' : 'bad') }, [
      el('span', { 'class': 'word', text: DATA.gate.passed ? 'PASS' : 'FAIL' }),
      el('ul', null, reasons.map(function (m) { return el('li', { text: m }); }))]));
  }
  var HEADLINE = [['fps', 'fps'], ['jankPercent', 'janky %'], ['frameTimeMs.p90', 'p90 ms'],
    ['frameTimeMs.p99', 'p99 ms'], ['dropLevels.frozen', 'frozen frames']];
  runs.forEach(function (r, i) {
    top.appendChild(el('div', { 'class': 'headline', 'data-run': String(i) }, [runs.length > 1 || itLabel(r)
      ? el('div', { 'class': 'who', text: (runs.length > 1 ? 'run ' + (i + 1) + ' ' : '') + (itLabel(r) || '') }) : null]
      .concat(HEADLINE.map(function (h) {
        return el('div', { 'class': 'big' }, [el('b', { 'data-headline': h[0], text: show(get(r.summary, h[0])) }),
          el('span', { text: h[1] })]);
      }))));
  });

  var head = section('Runs');
  head.id = 'runs';
  var RUN_HEAD = ['', 'input', 'device', 'Android', 'build', 'refresh Hz', 'modes Hz', 'started',
    'fpsctl', 'app', 'source', 'duration s', 'frames'];
  var runRows = runs.map(function (r, i) {
      var s = r.summary;
      /* summary.json's "device" object (model, androidVersion, buildFingerprint, refreshModesHz; null for a file) */
      var d = s.device && typeof s.device === 'object' ? s.device : {};
      var device = d.model ? d.model + (d.serial ? ' (' + d.serial + ')' : '') : r.header.device || null;
      var android = d.androidVersion ? d.androidVersion + (d.sdk ? ' (API ' + d.sdk + ')' : '') : r.header.android || null;
      var modes = Array.isArray(d.refreshModesHz) && d.refreshModesHz.length ? d.refreshModesHz.join(', ') : null;
      return el('tr', null, [
        el('td', null, [el('span', { 'class': 'bar', style: 'width:14px;background:' + RUN_COLORS[i % RUN_COLORS.length] })]),
        el('td', { 'class': 'txt', text: r.label + ' (' + r.kind + ')' }),
        el('td', { 'class': 'txt', 'data-meta': 'device', text: show(device) }),
        el('td', { 'data-meta': 'android', text: show(android) }),
        el('td', { 'class': 'txt', 'data-meta': 'build', text: show(d.buildFingerprint || null) }),
        figureCell(i, 'refreshHz', s.refreshHz),
        el('td', { 'data-meta': 'modes', text: show(modes) }),
        el('td', { 'data-meta': 'started', text: show(s.startTime || null) }),
        el('td', { 'data-meta': 'fpsctl', text: show(s.fpsctlVersion || null) }),
        el('td', { 'class': 'txt', 'data-figure': 'package', 'data-run': String(i), text: show(s['package']) }),
        el('td', { 'data-figure': 'source', 'data-run': String(i), text: show(s.source) }),
        el('td', { text: r.frames ? fixed(r.frames.span, 1) : '\u2014' }),
        figureCell(i, 'frames', s.frames)
      ]);
    });
  if (runs.length === 1) {
    /* one run: the same cells as name / value pairs in two short tables, so nothing is cut */
    var cells = Array.prototype.slice.call(runRows[0].children, 1);
    var pairs = cells.map(function (c, k) { return el('tr', null, [el('td', { text: RUN_HEAD[k + 1] }), c]); });
    var half = Math.ceil(pairs.length / 2);
    head.appendChild(el('div', { 'class': 'figures' }, [table(['', ''], pairs.slice(0, half), 'runs-kv'),
      table(['', ''], pairs.slice(half), 'runs-kv')]));
  } else {
    head.appendChild(table(RUN_HEAD, runRows, 'runs'));
  }

  /* ---- gate ---- */
  var GATE_PATHS = { fps: 'fps', spanFps: 'spanFps', jankPercent: 'jankPercent', p90Ms: 'frameTimeMs.p90',
    p99Ms: 'frameTimeMs.p99', frozenFrames: 'dropLevels.frozen', bigJank: 'bigJank', scrollFps: 'scrollFps',
    droppedFrames: 'droppedFrames', slowFramesPercent: 'androidVitals.slowFramesPercent',
    frozenFramesPercent: 'androidVitals.frozenFramesPercent', appJankPercent: 'frameTimeline.appJankPercent',
    systemJankPercent: 'frameTimeline.systemJankPercent' };
  var thresholds = {};
  if (DATA.gate) {
    var g = section('Gate thresholds');
    g.id = 'gate';
    g.appendChild(table(['metric', 'threshold', 'measured', 'verdict'], DATA.gate.checks.map(function (c) {
      var path = GATE_PATHS[c.metric.split(' ')[0]];
      if (path) { (thresholds[path] = thresholds[path] || []).push(c); }
      return el('tr', { 'data-check': c.metric }, [el('td', { text: c.metric }), el('td', { text: c.threshold }),
        el('td', { text: c.measured }), el('td', { 'class': c.verdict, text: c.verdict.toUpperCase() })]);
    })));
  }

  /* ---- key figures (and the section 10 verdicts when several runs) ---- */
  var FIGURES = [
    ['fps', 'fps', 'higher'], ['spanFps', 'span fps', 'higher'], ['scrollFps', 'scroll fps', 'higher'],
    ['fingerScrollFps', 'finger-scroll fps', 'higher'],
    ['timedFrames', 'timed frames', null], ['jankyFrames', 'janky frames', null],
    ['jankPercent', 'janky %', 'lower'], ['droppedFrames', 'dropped frames', 'lower'],
    ['frameTimeMs.p50', 'p50 ms', 'lower'], ['frameTimeMs.p90', 'p90 ms', 'lower'],
    ['frameTimeMs.p95', 'p95 ms', 'lower'], ['frameTimeMs.p99', 'p99 ms', 'lower'],
    ['frameTimeMs.max', 'max ms', 'lower'], ['frameTimeMs.mean', 'mean ms', 'lower'],
    ['dropLevels.frozen', 'frozen frames', 'lower'], ['jank', 'jank (PerfDog)', null],
    ['bigJank', 'big jank (PerfDog)', null], ['stutterPercent', 'stutter %', null],
    ['overflows', 'ring overflows', null], ['worstFrameCause', 'worst frame cause', null],
    ['coverageGaps', 'coverage gaps', null], ['coverageGapMs', 'coverage gap ms', null],
    ['androidVitals.slowFramesPercent', 'vitals: slow frames %', 'lower'],
    ['androidVitals.frozenFramesPercent', 'vitals: frozen frames %', 'lower'],
    ['androidVitals.slowSession20Percent', 'vitals: slow session 20 %', 'lower'],
    ['androidVitals.slowSession30Percent', 'vitals: slow session 30 %', 'lower'],
    ['frameTimeline.appJankPercent', 'FrameTimeline: app jank %', 'lower'],
    ['frameTimeline.systemJankPercent', 'FrameTimeline: system jank %', null]
  ];
  function median(values) {
    var v = values.slice().sort(function (a, b) { return a - b; });
    var n = v.length;
    return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }
  function itLabel(r) { return r.its.length > 1 ? 'iteration ' + (r.sel + 1) + ' of ' + r.its.length : null; }

  /* ---- iterations: the selector, and the spread of each metric across them (docs/metrics.md section 8) ---- */
  var multi = runs.some(function (r) { return r.its.length > 1; });
  if (multi) {
    var itSec = section('Iterations', 'A run of N iterations is judged on each metric\u2019s median over them, with ' +
      'its min\u2013max beside it (docs/metrics.md section 8). The selector picks the iteration the charts and the ' +
      'tables below show; its column is highlighted.');
    runs.forEach(function (r, ri) {
      if (r.its.length < 2) { return; }
      var box = el('select', { id: 'iteration-' + ri, 'data-run': String(ri) }, r.its.map(function (it, k) {
        var o = el('option', { value: String(k), text: 'iteration ' + (k + 1) + (k === r.its.length - 1 ? ' (last)' : '') });
        if (k === r.sel) { o.selected = true; }
        return o;
      }));
      box.addEventListener('change', function () { r.sel = +box.value; render(); });
      itSec.appendChild(el('h3', null, [(runs.length > 1 ? 'run ' + (ri + 1) + ': ' : '') + r.label + ' \u00b7 charted: ',
        box]));
      var head = ['metric', 'median', 'min', 'max'];
      r.its.forEach(function (it, k) { head.push('it ' + (k + 1)); });
      if (DATA.gate && runs.length === 1) { head.push('threshold'); }
      var rows = FIGURES.filter(function (f) {
        return r.its.some(function (it) { return typeof get(it.summary, f[0]) === 'number'; });
      }).map(function (f) {
        var values = r.its.map(function (it) { return get(it.summary, f[0]); });
        var nums = values.filter(function (v) { return typeof v === 'number'; });
        function stat(name, v) {
          return el('td', { 'data-spread': f[0], 'data-run': String(ri), 'data-stat': name, text: show(v) });
        }
        var cells = [el('td', { text: f[1] }), stat('median', median(nums)),
          stat('min', Math.min.apply(null, nums)), stat('max', Math.max.apply(null, nums))];
        values.forEach(function (v, k) {
          var c = stat(String(k + 1), v);
          if (k === r.sel) { c.setAttribute('class', 'sel'); }
          cells.push(c);
        });
        if (DATA.gate && runs.length === 1) {
          cells.push(el('td', { 'class': 'txt' }, (thresholds[f[0]] || []).map(function (c) {
            return el('span', { 'class': c.verdict, text: c.threshold + ' ' + c.verdict.toUpperCase() + ' ' });
          })));
        }
        return el('tr', null, cells);
      });
      itSec.appendChild(el('div', { 'class': 'scroll' }, [table(head, rows)]));
    });
  }

  /* ---- verdicts against a baseline: fpsctl's own (docs/metrics.md section 8), as compare and gate give them ---- */
  var COMPARED = {};
  function comparisonTable(rows, ri) {
    return table(['metric', 'baseline median', 'min\u2013max', 'candidate median', 'min\u2013max', 'change',
      '95 % interval', 'verdict', ''], Object.keys(rows).map(function (k) {
      var c = rows[k];
      function cell(name, text, cls) {
        return el('td', { 'data-verdict': k, 'data-run': String(ri), 'data-field': name, 'class': cls || null, text: text });
      }
      return el('tr', null, [el('td', { text: k }), cell('baseline', show(c.baseline)),
        cell('baselineRange', show(c.baselineMin) + '\u2013' + show(c.baselineMax)), cell('candidate', show(c.candidate)),
        cell('candidateRange', show(c.candidateMin) + '\u2013' + show(c.candidateMax)),
        cell('deltaPercent', c.deltaPercent === null ? 'from ' + show(c.baseline) + ' to ' + show(c.candidate)
          : (c.deltaPercent >= 0 ? '+' : '') + c.deltaPercent + ' %'),
        cell('interval', c.ciLowPercent === null ? '\u2014' : c.ciLowPercent + ' \u2026 ' + c.ciHighPercent + ' %'),
        cell('verdict', c.verdict, c.verdict), el('td', { 'class': 'txt', text: c.note || '' })]);
    }));
  }
  if (DATA.baselineComparison || runs.some(function (r) { return r.comparison; })) {
    var vs = section('Verdicts against the baseline', 'Each metric\u2019s median over the iterations of each side; ' +
      'the change is the Hodges\u2013Lehmann shift with its 95 % interval when both sides have enough iterations ' +
      '(4 + 4 or 3 + 5), else the change of the medians, judged against \u00b1' + DATA.maxRegressionPercent +
      ' % (docs/metrics.md section 8). A baseline of 0 has no percentage: any change on the worse side regresses.');
    if (DATA.baselineComparison) {
      vs.appendChild(el('h3', { text: 'this run against --baseline ' + DATA.baselineComparison.against }));
      vs.appendChild(comparisonTable(DATA.baselineComparison.rows, 0));
    }
    runs.forEach(function (r, ri) {
      if (!r.comparison) { return; }
      COMPARED[ri] = r.comparison;
      vs.appendChild(el('h3', { text: 'run ' + (ri + 1) + ' against run 1' }));
      vs.appendChild(comparisonTable(r.comparison, ri));
    });
  }

  /* ---- key figures of the charted iteration ---- */
  var fig = section('Key figures', (runs.length > 1 ? 'The "vs run 1" column gives the verdicts above for the ' +
    'metrics fpsctl compares. ' : '') + (multi ? 'Values of the charted iteration; the gate judged the medians ' +
    '(see Iterations). ' : '') + (DATA.gate && runs.length === 1 ? 'Thresholds from the gate are shown beside the values.' : ''));
  var figHead = ['metric'];
  runs.forEach(function (r, i) {
    figHead.push((runs.length > 1 ? 'run ' + (i + 1) : 'value') + (itLabel(r) ? ' (' + itLabel(r) + ')' : ''));
    if (i > 0) { figHead.push('vs run 1'); }
  });
  if (DATA.gate) { figHead.push('threshold'); }
  var figRows = FIGURES.filter(function (f) {
    return runs.some(function (r) { return get(r.summary, f[0]) !== null; }) || f[0] === 'fps' || f[0] === 'jankPercent';
  }).map(function (f) {
    var cells = [el('td', { text: f[1] })];
    runs.forEach(function (r, i) {
      cells.push(figureCell(i, f[0], get(r.summary, f[0])));
      if (i > 0) {
        var c = COMPARED[i] ? COMPARED[i][f[0]] : null;
        cells.push(c ? el('td', { 'class': c.verdict, text: (c.deltaPercent === null ? 'from ' + show(c.baseline) +
          ' to ' + show(c.candidate) : (c.deltaPercent >= 0 ? '+' : '') + c.deltaPercent + ' %') + ' ' + c.verdict })
          : el('td', { 'class': 'na', text: '' }));
      }
    });
    if (DATA.gate) {
      var t = thresholds[f[0]] || [];
      cells.push(el('td', { 'class': 'txt' }, t.map(function (c) {
        return el('span', { 'class': c.verdict, text: c.threshold + ' ' + c.verdict.toUpperCase() + ' ' });
      })));
    }
    return el('tr', null, cells);
  });
  /* one run: the figures side by side in three short tables; several runs: one table to compare across */
  var groups = runs.length === 1 && !DATA.gate ? 3 : 1;
  var per = Math.ceil(figRows.length / groups);
  var flex = el('div', { 'class': 'figures' });
  for (var gi = 0; gi < groups; gi++) {
    flex.appendChild(table(figHead, figRows.slice(gi * per, (gi + 1) * per)));
  }
  fig.appendChild(flex);

  /* ---- the screen recording of the charted iteration (docs/report.md "Screen recordings"): the first run that has one ---- */
  var vrun = null;
  runs.forEach(function (r) { if (!vrun && r.its[r.sel].video) { vrun = r; } });
  var VIDEO_W = 200;
  var stage = el('div', { id: 'stage', 'class': vrun ? 'stage with-video' : 'stage' });
  var stageCharts = el('div', { 'class': 'stage-charts' });
  stage.appendChild(stageCharts);
  top.appendChild(stage);
  var player = vrun ? makePlayer(vrun, vrun.its[vrun.sel].video) : null;
  report.video = player ? player.state : null;
  live.player = player;
  live.seekFrame = seekFrame;
  live.vrun = vrun;

  /* Shows the picture of a frame (t: its time on the page's axis, s): a SurfaceFlinger frame's own time is its
   * present, and player.seekPresent shows the picture on screen from then; a rendered (gfxinfo) frame's time is its
   * IntendedVsync, it completed durationMs later, and SurfaceFlinger's first composition after that shows it:
   * player.seekRendered shows the first picture stamped after the completion (docs/report.md "Screen recordings"). */
  function seekFrame(r, t, durationMs, why) {
    if (r.summary.source === 'surfaceflinger') { player.seekPresent(t, why); } else { player.seekRendered(t + durationMs / 1000, why); }
  }
  function seekButton(r, w) {
    if (!player || r !== vrun) { return w.t.toFixed(3); }
    var b = el('button', { type: 'button', 'class': 'seek', 'data-seek': String(w.t), text: '\u25b6 ' + w.t.toFixed(3) });
    b.addEventListener('click', function () { seekFrame(r, w.t, w.durationMs, 'worst ' + w.t); });
    return b;
  }

  function makePlayer(r, v) {
    var files = v.files.filter(function (f) { return f.src && f.firstS !== null; });
    var state = { files: v.files.length, placed: files.length, inline: v.inline, end: v.end, endsAtS: v.endsAtS,
      seeks: [], errors: 0 };
    var card = el('div', { 'class': 'video card', id: 'video-card' });
    var video = el('video', { id: 'video', controls: '', muted: '', playsinline: '', preload: 'auto',
      width: String(VIDEO_W) });
    video.muted = true;
    var label = el('div', { 'class': 'legend-note', id: 'video-where' });
    var note = el('p', { 'class': 'legend-note', id: 'video-note' });
    card.appendChild(el('h2', { text: 'Screen' }));
    if (r.its.length > 1) {
      var pick = el('select', { id: 'video-iteration' }, r.its.map(function (it, k) {
        var o = el('option', { value: String(k), text: 'iteration ' + (k + 1) + (it.video ? '' : ' (no video)') });
        if (k === r.sel) { o.selected = true; }
        return o;
      }));
      pick.addEventListener('change', function () { r.sel = +pick.value; render(); });
      card.appendChild(el('p', { 'class': 'legend-note' }, ['charted: ', pick]));
    }
    card.appendChild(video);
    card.appendChild(label);
    card.appendChild(note);
    var notes = [];
    if (files.length === 0) {
      notes.push(v.files.length === 0 ? 'No video was recorded.' : 'The video could not be placed on the frames’ clock.');
    } else {
      notes.push('Click a frame or any chart to see that moment; playing moves the red line on the charts. Clocks ' +
        'matched within ±' + v.errorBoundMs + ' ms; each picture is SurfaceFlinger\u2019s composition when it was ' +
        'committed, shown until the next (docs/report.md "Screen recordings").');
      if (files.length > 1) { notes.push(files.length + ' files of up to 180 s, played one after the other.'); }
      if (!v.inline) { notes.push('The video files sit beside the report (too large to embed).'); }
    }
    if (v.endsAtS !== null && (v.end !== 'stopped' || v.endNote)) {
      notes.push('The video ends at ' + v.endsAtS.toFixed(2) + ' s' + (v.endNote ? ': ' + v.endNote : '.'));
    }
    v.files.forEach(function (f) { if (f.missing) { notes.push(f.name + ' is missing beside the report.'); } });
    note.textContent = notes.join(' ');
    var idx = -1;
    var pending = null;
    function load(k, then) {
      if (k === idx) { then(); return; }
      idx = k;
      pending = then;
      video.src = files[k].src;
      video.load();
    }
    video.addEventListener('loadedmetadata', function () {
      var p = pending;
      pending = null;
      if (p) { p(); }
    });
    video.addEventListener('error', function () { state.errors++; });
    function now() { return idx < 0 ? null : files[idx].firstS + video.currentTime; }
    function show() {
      var t = now();
      state.t = t;
      label.textContent = t === null ? '' : 'at ' + t.toFixed(3) + ' s' + (files.length > 1 ? ' (file ' + (idx + 1) +
        ' of ' + files.length + ')' : '');
      report.playhead = t;
      plots.forEach(function (u) { if (u.playhead) { u.redraw(false, false); } });
    }
    /* Seeks to page time t: in file k when given, else the file that covers it (the last that starts at or before
     * t: a file's last picture stays on screen until the next file's first, as each screenrecord starts only after
     * the one before exited), else the next file (t fell between two, over 50 ms after the last picture), else the
     * end. The 50 ms never sends t back to the file before one that already started at t. */
    function seek(t, why, k) {
      if (files.length === 0) { return; }
      if (k === undefined) {
        k = Math.max(0, fileAt(t));
        if (t > files[k].lastS + 0.05 && k + 1 < files.length) { k++; }
      }
      var within = Math.max(0, Math.min(t - files[k].firstS, files[k].lastS - files[k].firstS + 0.05));
      var entry = { target: t, file: k, name: files[k].name, asked: within, why: why || null };
      state.seeks.push(entry);
      state.seekCount = (state.seekCount || 0) + 1; /* every seek, also once the list keeps only the last 20 */
      if (state.seeks.length > 20) { state.seeks.shift(); }
      load(k, function () {
        video.currentTime = within;
      });
      state.pendingSeek = entry;
    }
    /* screenrecord stamps each picture when SurfaceFlinger queues its GPU composition of the virtual display
     * (Surface::queueBuffer, systemTime(SYSTEM_TIME_MONOTONIC); VirtualDisplaySurface::queueBuffer passes a GPU
     * virtual display's buffer straight on, the default as debug.sf.enable_hwc_vds is false), in the same composite
     * that latched the app's buffer and before the physical display presents it. files[k].frameMs holds each
     * picture's stamp (ms after the file's first picture); a file without it (its MP4 unreadable when the report was
     * written) falls back to a seek by time. */
    function fileAt(t) { /* the file that covers page time t: the last that starts at or before it */
      var k = -1;
      for (var i = 0; i < files.length; i++) { if (files[i].firstS <= t + 0.0005) { k = i; } }
      return k;
    }
    function stamp(k, j) { return files[k].firstS + files[k].frameMs[j] / 1000; }
    /* into picture j of file k: half way to the next picture, but at most half a refresh after its start */
    function seekPicture(k, j, why) {
      var ms = files[k].frameMs, half = vsyncMs / 2000;
      var gap = j + 1 < ms.length ? (ms[j + 1] - ms[j]) / 1000 : 2 * half;
      seek(stamp(k, j) + Math.min(gap / 2, half), why, k);
    }
    /* The picture on screen from the moment a frame was presented (page time t): the last one stamped at or before
     * t (0.5 ms allowed: the page's frame times are float32). Without per-picture times, half a refresh after t. */
    function seekPresent(t, why) {
      var k = fileAt(t);
      if (k < 0 || !files[k].frameMs) { seek(t + vsyncMs / 2000, why); return; }
      var ms = files[k].frameMs, lo = 0, hi = ms.length - 1;
      while (lo < hi) { /* the last picture stamped at or before t */
        var mid = (lo + hi + 1) >> 1;
        if (stamp(k, mid) <= t + 0.0005) { lo = mid; } else { hi = mid - 1; }
      }
      seekPicture(k, lo, why);
    }
    /* The picture of a rendered frame that completed at page time c: the first stamped after c (the composition
     * that latched its buffer ran after it was queued); in the next file when c is after a file's last picture.
     * Without per-picture times, the refresh after c plus half a refresh. */
    function seekRendered(c, why) {
      var k = Math.max(0, fileAt(c));
      if (!files[k] || !files[k].frameMs) { seek(c + vsyncMs / 1000 + vsyncMs / 2000, why); return; }
      var ms = files[k].frameMs, lo = 0, hi = ms.length;
      while (lo < hi) { /* the first picture stamped after c */
        var mid = (lo + hi) >> 1;
        if (stamp(k, mid) > c) { hi = mid; } else { lo = mid + 1; }
      }
      if (lo < ms.length) { seekPicture(k, lo, why); return; }
      if (k + 1 < files.length && files[k + 1].frameMs) { seekPicture(k + 1, 0, why); return; }
      seekPicture(k, ms.length - 1, why);
    }
    video.addEventListener('seeked', function () {
      var e = state.pendingSeek;
      if (e) { e.currentTime = video.currentTime; e.fileFirstS = files[idx].firstS; e.done = true; }
      show();
      selfCheck();
    });
    video.addEventListener('timeupdate', show);
    video.addEventListener('ended', function () {
      if (idx + 1 < files.length) { load(idx + 1, function () { video.currentTime = 0; video.play(); }); }
    });
    function tick() { if (!video.paused) { show(); requestAnimationFrame(tick); } }
    video.addEventListener('play', function () { requestAnimationFrame(tick); });
    if (files.length > 0) { load(0, function () { show(); }); }
    return { card: card, seek: seek, seekPresent: seekPresent, seekRendered: seekRendered, files: files, state: state, video: video, now: now };
  }

  /* The red playhead line on a chart whose x axis is the page's time */
  function drawPlayhead(u) {
    var t = report.playhead;
    if (t === null || t === undefined || t < u.scales.x.min || t > u.scales.x.max) { return; }
    var x = Math.round(u.valToPos(t, 'x', true)) + 0.5;
    var ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = '#e02020';
    ctx.lineWidth = 2 * devicePixelRatio;
    ctx.beginPath();
    ctx.moveTo(x, u.bbox.top);
    ctx.lineTo(x, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.restore();
  }
  /* A click (not a drag) on a chart seeks the video to that time, or to the frame clicked (frame-time chart) */
  function clickToSeek(u, frameAt) {
    u.playhead = true;
    if (!player) { return; }
    var down = null;
    /* capture: uPlot's own handlers on the same element must not keep these from running */
    u.over.addEventListener('mousedown', function (e) { down = [e.clientX, e.clientY]; }, true);
    u.over.addEventListener('click', function (e) {
      if (down && Math.abs(e.clientX - down[0]) + Math.abs(e.clientY - down[1]) > 4) { return; }
      var t = u.posToVal(e.offsetX, 'x');
      var hit = frameAt ? frameAt(e.offsetX, e.offsetY) : null;
      if (hit) { seekFrame(hit.run, hit.run.frames.T[hit.index], hit.run.frames.D[hit.index], 'frame ' + hit.index); } else { player.seek(t, 'chart'); }
    }, true);
  }

  /* ---- charts ---- */
  function chartWidth() {
    var w = Math.max(480, Math.min(1120, app.clientWidth - 40));
    return player ? Math.max(360, w - VIDEO_W - 90) : w; /* the video column, its gap and the card padding */
  }
  /* Counts saturated (series-coloured) pixels in the plotting area: axes and grid are grey. */
  function colouredPixels(u) {
    var ctx = u.ctx;
    var b = u.bbox;
    if (b.width <= 0 || b.height <= 0) { return 0; }
    var img = ctx.getImageData(Math.round(b.left), Math.round(b.top), Math.round(b.width), Math.round(b.height)).data;
    var n = 0;
    for (var i = 0; i < img.length; i += 16) {
      var r = img[i], g2 = img[i + 1], bl = img[i + 2], a = img[i + 3];
      if (a > 100 && Math.max(r, g2, bl) - Math.min(r, g2, bl) > 60) { n++; }
    }
    return n;
  }
  function countPoints(data) {
    var n = 0;
    for (var s = 1; s < data.length; s++) {
      for (var i = 0; i < data[s].length; i++) { if (data[s][i] !== null && data[s][i] !== undefined) { n++; } }
    }
    return n;
  }
  function track(name, u, data, extra) {
    var info = report.charts[name] = report.charts[name] || { draws: 0 };
    info.points = countPoints(data);
    info.series = data.length - 1;
    Object.keys(extra || {}).forEach(function (k) { info[k] = extra[k]; });
    return info;
  }
  function drawHook(name) {
    return function (u) {
      var info = report.charts[name] = report.charts[name] || { draws: 0 };
      info.draws++;
      info.pixels = colouredPixels(u);
      info.xRange = [u.scales.x.min, u.scales.x.max]; /* the time axis drawn */
      selfCheck();
    };
  }
  function guideLinesY(u, maxK) {
    var ctx = u.ctx;
    var ymin = u.scales.y.min, ymax = u.scales.y.max;
    ctx.save();
    ctx.setLineDash([4, 4]);
    ctx.strokeStyle = '#9aa3b2';
    ctx.fillStyle = '#6b7384';
    ctx.lineWidth = 1;
    ctx.font = (10 * devicePixelRatio) + 'px sans-serif';
    /* every multiple when they are far enough apart, else the drop-level boundaries (1, 2, 4, 10, 25, 43 × T) */
    var dense = Math.abs(u.valToPos(2 * vsyncMs, 'y') - u.valToPos(vsyncMs, 'y')) < 14 ||
      Math.abs(u.valToPos(60 * vsyncMs, 'y') - u.valToPos(59 * vsyncMs, 'y')) < 14;
    var ks = [];
    for (var k0 = 1; k0 <= maxK; k0++) { ks.push(k0); }
    if (dense) { ks = [1, 2, 4, 10, 25, 43]; }
    for (var ki = 0; ki < ks.length; ki++) {
      var k = ks[ki];
      var v = k * vsyncMs;
      if (v < ymin || v > ymax) { continue; }
      var y = Math.round(u.valToPos(v, 'y', true)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(u.bbox.left, y);
      ctx.lineTo(u.bbox.left + u.bbox.width, y);
      ctx.stroke();
      ctx.fillText(k + '\u00d7T', u.bbox.left + 4, y - 3);
    }
    ctx.restore();
  }
  function empty(s, text) { s.appendChild(el('p', { 'class': 'empty', text: text })); }

  /* fps over time per live window */
  var resSec = null;
  var loadSec = null;
  var fpsSec = section('fps over time', 'One point per live window (--window, default 1 s), on the frames\u2019 own ' +
    'timeline; idle windows are gaps, not 0 fps.');
  (function () {
    var withLive = runs.filter(function (r) { return r.frames && r.frames.live.length > 0; });
    if (withLive.length === 0) { empty(fpsSec, 'No frames in the input: only the summary was given.'); return; }
    var xs = {};
    runs.forEach(function (r) { if (r.frames) { r.frames.live.forEach(function (p) { xs[p[0]] = true; }); } });
    var x = Object.keys(xs).map(Number).sort(function (a, b) { return a - b; });
    var pos = {};
    x.forEach(function (v, i) { pos[v] = i; });
    var data = [x];
    var series = [{ label: 's' }];
    runs.forEach(function (r, i) {
      var y = new Array(x.length).fill(null);
      if (r.frames) { r.frames.live.forEach(function (p) { y[pos[p[0]]] = p[1]; }); }
      data.push(y);
      series.push({ label: runs.length > 1 ? 'run ' + (i + 1) + ' fps' : 'fps', stroke: RUN_COLORS[i % RUN_COLORS.length],
        width: 1.5, points: { show: x.length < 200 }, spanGaps: false });
    });
    var div = el('div', { 'class': 'chart', id: 'chart-fps' });
    fpsSec.appendChild(div);
    /* one time axis for the fps chart and the resource charts under it */
    var xRange = function () { return [x[0], x.length > 1 ? x[x.length - 1] : x[0] + 1]; };
    var u = plot({ width: chartWidth(), height: 190, series: series,
      scales: { x: { time: false, auto: false, range: xRange }, y: { range: function (u, min, max) { return [0, Math.max(refreshHz, max || 0) * 1.05]; } } },
      axes: [{ label: 'seconds since the first frame' }, { label: 'fps' }],
      hooks: { draw: [drawPlayhead, drawHook('fps')] } }, data, div);
    clickToSeek(u, null);
    track('fps', u, data);

    /* CPU per thread and memory per live window (docs/metrics.md section 13), when the run read them */
    var RES = [[1, 'app (all threads)', '#5b6475'], [2, 'main thread', '#1f63c6'], [3, 'RenderThread', '#d0471b'],
      [4, 'hwuiTask*', '#2e9e5b'], [5, 'GPU completion', '#8e44ad']];
    var MEM = [[6, 'RSS MB', '#b8860b'], [7, 'PSS MB', '#00838f']];
    var withRes = runs.filter(function (r) { return r.frames && r.frames.resources; });
    if (withRes.length === 0) { return; }
    function resourceChart(id, cols, yLabel, title) {
      var d = [x];
      var ser = [{ label: 's' }];
      runs.forEach(function (r, ri) {
        if (!r.frames || !r.frames.resources) { return; }
        cols.forEach(function (c) {
          var y = new Array(x.length).fill(null);
          r.frames.resources.forEach(function (p) { if (pos[p[0]] !== undefined) { y[pos[p[0]]] = p[c[0]]; } });
          if (y.every(function (v) { return v === null; })) { return; }
          d.push(y);
          ser.push({ label: (runs.length > 1 ? 'run ' + (ri + 1) + ' ' : '') + c[1], stroke: c[2], width: 1.5,
            points: { show: x.length < 200 }, spanGaps: false });
        });
      });
      if (d.length === 1) { return; }
      if (!resSec) {
        resSec = section('CPU and memory', 'Per live window, on the same time axis as the charts above ' +
          '(docs/metrics.md section 13).');
      }
      resSec.appendChild(el('h3', { text: title }));
      var rdiv = el('div', { 'class': 'chart', id: id });
      resSec.appendChild(rdiv);
      var name = id.replace('chart-', '');
      var ru = plot({ width: chartWidth(), height: 200, series: ser,
        scales: { x: { time: false, auto: false, range: xRange }, y: { range: function (u, min, max) { return [0, (max || 1) * 1.1]; } } },
        axes: [{ label: 'seconds since the first frame' }, { label: yLabel }],
        hooks: { draw: [drawPlayhead, drawHook(name)] } }, d, rdiv);
      clickToSeek(ru, null);
      track(name, ru, d);
    }
    resourceChart('chart-cpu', RES, '% of one core', 'CPU per thread (% of one core, per live window)');
    resourceChart('chart-memory', MEM, 'MB', 'Memory (MB: the highest RSS and the latest PSS of each live window)');
    /* GPU, power and network (docs/metrics.md section 14): report-load.js */
    loadSec = window.fpsctlLoadCharts({ runs: runs, x: x, pos: pos, xRange: xRange, el: el, section: section,
      plot: plot, chartWidth: chartWidth, drawPlayhead: drawPlayhead, drawHook: drawHook, clickToSeek: clickToSeek,
      track: track });
  })();

  /* every frame's time on a time axis, decimated per pixel column */
  var ftSec = section('Frame times', 'Every counted frame, coloured by drop level; dashed lines are vsync multiples ' +
    '(T = ' + vsyncMs.toFixed(2) + ' ms). Drawn as the min and max per pixel column and level (no frame is left ' +
    'out of the figures). Drag to zoom, wheel to zoom, shift+wheel to pan, double-click to reset; untick log ' +
    'scale for a linear axis.' + (anyFt ? ' Rings mark the FrameTimeline verdict of janky frames: blue when the app ' +
    'was late, teal when the system (SurfaceFlinger, display, scheduling) was.' : ''));
  /* a thinned run says so plainly, with how many frames the page holds (docs/report.md "Big captures") */
  var thinGrid = 0, thinCapped = false;
  runs.forEach(function (r, ri) {
    var th = r.frames ? r.frames.thinned : null;
    if (!th) { return; }
    thinGrid = Math.max(thinGrid, th.columnS);
    thinCapped = thinCapped || th.capped === true;
    ftSec.appendChild(el('p', { 'class': 'legend-note thinned', 'data-thinned': String(ri), text: (runs.length > 1 ? 'Run ' +
      (ri + 1) + ': a' : 'A') + ' long run: this page holds ' + th.kept.toLocaleString('en-US') + ' of its ' +
      r.frames.count.toLocaleString('en-US') + ' frames \u2014 ' + (th.capped ? 'too many are janky to hold ' +
      'them all, so of every drop level and FrameTimeline ring it holds the shortest and the longest of each ' +
      colWidth(th.columnS) : 'every janky frame and every frame FrameTimeline ' +
      'marks as app or system jank, and of the others the shortest and the longest of each ' + colWidth(th.columnS)) +
      '. The distribution, the counts and every figure come from all ' + r.frames.count.toLocaleString('en-US') +
      ' frames. Zoomed out to ' + colWidth(th.columnS) + ' or more per pixel column, each dot is the shortest or ' +
      'longest frame of its level in its pixel column over all the frames, as on a page of every frame, but a ' +
      'pixel column is a whole number of ' + colWidth(th.columnS) + ' columns, so a zoom widens to the nearest ' +
      colWidth(th.columnS) + '. Zoomed in further, the chart shows only the frames this page holds, at their own ' +
      'times: ' + (th.capped ? 'two per level and ' : 'every janky frame, and of the others two per ') +
      colWidth(th.columnS) + '.' }));
  });
  /* shown while the chart is zoomed finer than the grid (view() below), so no reader takes the gaps for no frames */
  var keptOnlyNote = null;
  if (thinGrid > 0) {
    keptOnlyNote = ftSec.appendChild(el('p', { 'class': 'legend-note thinned', id: 'frames-kept-only', hidden: 'hidden',
      text: 'Zoomed in finer than ' + colWidth(thinGrid) + ' per pixel column: the chart shows only the frames ' +
        'this page holds, at their own times (' + (thinCapped ? 'of each drop level and ring' : 'every janky frame, ' +
        'and of the others') + ' the shortest and the longest of each ' + colWidth(thinGrid) + '); the frames ' +
        'between them are not on this page.' }));
  }
  function colWidth(s) { return s >= 1 ? s + ' s' : s >= 0.001 ? +(s * 1000).toPrecision(6) + ' ms' : +(s * 1e6).toPrecision(6) + ' \u00b5s'; }
  report.thinned = runs.map(function (r) {
    return r.frames && r.frames.thinned ? { kept: r.frames.thinned.kept, count: r.frames.count,
      columnS: r.frames.thinned.columnS, capped: r.frames.thinned.capped === true } : null;
  });
  (function () {
    if (!anyFrames) { empty(ftSec, 'No frames in the input: only the summary was given.'); return; }
    var full = 0;
    runs.forEach(function (r) { if (r.frames && r.frames.span > full) { full = r.frames.span; } });
    full = full > 0 ? full : 1;
    var series = [{ label: 's' }];
    var keys = [];
    runs.forEach(function (r, ri) {
      LEVELS.forEach(function (lv, li) {
        keys.push([ri, li]);
        var best = li === 0;
        series.push({ label: (runs.length > 1 ? 'run ' + (ri + 1) + ' ' : '') + lv,
          stroke: best && runs.length > 1 ? RUN_COLORS[ri % RUN_COLORS.length] : LEVEL_COLORS[li],
          fill: best && runs.length > 1 ? RUN_COLORS[ri % RUN_COLORS.length] : LEVEL_COLORS[li],
          paths: function () { return null; },
          points: { show: true, size: best ? 3 : 5, width: 1,
            fill: best && runs.length > 1 ? RUN_COLORS[ri % RUN_COLORS.length] : LEVEL_COLORS[li] } });
      });
      if (r.frames && r.frames.F) {
        FT_MARKS.forEach(function (m) {
          series.push({ label: (runs.length > 1 ? 'run ' + (ri + 1) + ' ' : '') + m[1], stroke: m[2], fill: m[2],
            paths: function () { return null; }, points: { show: true, size: 10, width: 1.5, stroke: m[2],
              fill: 'rgba(255,255,255,0)' } });
        });
      }
    });
    var width = chartWidth();
    var state = { min: 0, max: full, yMax: 0 };
    /* The visible range and how its pixel columns are cut (docs/report.md "Big captures"). With a thinned run, a
     * zoom whose pixel column is at least one grid column (columnS, a power of two of seconds from 0 s) widens the
     * range outward to whole grid columns and cuts it into pixel columns of whole grid columns: a frame's grid column
     * is floor(t / columnS) of its float32 t, exactly as the writer computed it, so the kept frames hold every pixel
     * column's shortest and longest, and every dot lies inside the range shown. A finer zoom is cut as a page of every
     * frame cuts it: it then shows the kept frames only, each in the pixel column of its own time. */
    function view(mn, mx) {
      state.min = Math.max(0, mn);
      state.max = Math.min(full, mx);
      if (state.max <= state.min) { state.max = state.min + 1e-3; }
      state.grid = null;
      var bw = (state.max - state.min) / Math.max(50, Math.round(width - 60));
      if (thinGrid > 0 && bw >= thinGrid) {
        var per = Math.ceil(bw / thinGrid);
        var c0 = Math.floor(state.min / thinGrid);
        var cols = Math.ceil((Math.floor(state.max / thinGrid) + 1 - c0) / per);
        state.grid = { c0: c0, per: per, buckets: cols };
        state.min = c0 * thinGrid;
        state.max = (c0 + cols * per) * thinGrid;
      }
      if (keptOnlyNote) { keptOnlyNote.hidden = !!state.grid; }
    }
    function build() {
      var xmin = state.min, xmax = state.max, G = state.grid;
      var buckets = G ? G.buckets : Math.max(50, Math.round(width - 60));
      var bw = G ? G.per * thinGrid : (xmax - xmin) / buckets || 1;
      var x0 = xmin;
      report.framesGrid = { x0: x0, width: bw, columns: buckets, keptOnly: thinGrid > 0 && !G };
      var x = new Array(buckets * 2);
      for (var b = 0; b < buckets; b++) {
        x[2 * b] = x0 + (b + 0.25) * bw;
        x[2 * b + 1] = x0 + (b + 0.75) * bw;
      }
      var data = [x];
      var yMax = 0;
      var yMin = Infinity;
      runs.forEach(function (r) {
        var lo = [], hi = [];
        var f = r.frames;
        var F = f ? f.F : null;
        /* the drop levels, then (with FrameTimeline verdicts) the app and system jank rings: FT code c is row c + 2 */
        var rowsNeeded = LEVELS.length + (F ? FT_MARKS.length : 0);
        for (var li = 0; li < rowsNeeded; li++) {
          lo.push(new Float64Array(buckets).fill(Infinity));
          hi.push(new Float64Array(buckets).fill(-Infinity));
        }
        if (f) {
          var T = f.T, D = f.D, L = f.L;
          for (var i = 0; i < T.length; i++) {
            var l = L[i];
            var t = T[i];
            var bi;
            if (G) {
              bi = Math.floor((Math.floor(t / thinGrid) - G.c0) / G.per);
              if (l < 0 || bi < 0 || bi >= buckets) { continue; }
            } else {
              if (l < 0 || t < xmin || t > xmax) { continue; }
              bi = Math.min(buckets - 1, Math.floor((t - xmin) / bw));
            }
            var d = D[i];
            if (d < lo[l][bi]) { lo[l][bi] = d; }
            if (d > hi[l][bi]) { hi[l][bi] = d; }
            if (F && F[i] >= FT_MARKS[0][0]) {
              var row = F[i] + 2;
              if (d < lo[row][bi]) { lo[row][bi] = d; }
              if (d > hi[row][bi]) { hi[row][bi] = d; }
            }
          }
        }
        function minMax(lo1, hi1) {
          var y = new Array(buckets * 2).fill(null);
          for (var b2 = 0; b2 < buckets; b2++) {
            if (hi1[b2] >= 0) {
              y[2 * b2] = lo1[b2];
              y[2 * b2 + 1] = hi1[b2] === lo1[b2] ? null : hi1[b2];
              if (hi1[b2] > yMax) { yMax = hi1[b2]; }
              if (lo1[b2] > 0 && lo1[b2] < yMin) { yMin = lo1[b2]; }
            }
          }
          return y;
        }
        for (var lj = 0; lj < rowsNeeded; lj++) { data.push(minMax(lo[lj], hi[lj])); }
      });
      state.yMax = yMax;
      state.yMin = yMin === Infinity ? 1 : yMin;
      report.framesData = data;
      return data;
    }
    var div = el('div', { 'class': 'chart', id: 'chart-frames' });
    var reset = el('button', { 'class': 'reset', type: 'button', text: 'reset zoom' });
    ftSec.appendChild(reset);
    ftSec.appendChild(div);
    var busy = false;
    view(0, full);
    var data = build();
    function create(log) {
      return plot({ width: width, height: 280, series: series,
        legend: { live: false },
        cursor: { bind: { dblclick: function () { return function () { return null; }; } } },
        scales: { x: { time: false, auto: false, range: function () { return [state.min, state.max]; } },
          y: log ? { distr: 3, log: 10, auto: false, range: function () {
            return [Math.max(0.1, state.yMin * 0.8), Math.max(state.yMax * 1.25, vsyncMs * 2)];
          } } : { auto: false, range: function () { return [0, Math.max(state.yMax * 1.05, vsyncMs * 2)]; } } },
        axes: [{ label: 'seconds since the first frame' }, { label: 'frame time ms' + (log ? ' (log)' : '') }],
        hooks: {
          draw: [function (u) { guideLinesY(u, 60); }, drawPlayhead, drawHook('frames')],
          setScale: [function (u, key) {
            if (key !== 'x' || busy) { return; }
            var mn = u.scales.x.min, mx = u.scales.x.max;
            if (mn === state.min && mx === state.max) { return; }
            setRange(mn, mx);
          }]
        } }, data, div);
    }
    var logBox = el('input', { type: 'checkbox', id: 'frames-log' });
    ftSec.insertBefore(el('label', { 'class': 'reset' }, [logBox, ' log scale']), div);
    /* log by default: the body of the distribution and the outliers both stay visible; #linear starts linear */
    var u = create(location.hash !== '#linear');
    logBox.checked = location.hash !== '#linear';
    logBox.addEventListener('change', function () {
      unplot(u);
      u = create(logBox.checked);
      bindOver();
    });
    function setRange(mn, mx) {
      busy = true;
      view(mn, mx);
      var d = build();
      u.setData(d, true);
      track('frames', u, d, { range: [state.min, state.max] });
      busy = false;
    }
    track('frames', u, data, { range: [state.min, state.max] });
    /* for scripts/bench-report (#bench): mean time of one pan step (re-decimate every frame, new data; uPlot then
     * draws about 2 points per pixel column and level, whatever the number of frames) */
    report.panBench = function (steps) {
      var span = full / 10;
      var t0 = performance.now();
      for (var i = 0; i < steps; i++) {
        var mn = (full - span) * i / steps;
        setRange(mn, mn + span);
      }
      setRange(0, full);
      return (performance.now() - t0) / steps;
    };
    reset.addEventListener('click', function () { setRange(0, full); });
    /* for fpsctl's browser test (#zoom=A:B,C:D): what the chart holds after a zoom to each range, as a drag sets it */
    report.framesZoom = function (mn, mx) {
      setRange(mn, mx);
      u.batch(function () {}); /* uPlot sets the new scales on a microtask: now, as a later click would find them */
      var x = report.framesData[0], hits = [];
      /* a click on each janky dot (levels 1-4 of the first run: frameAt's frames): the frame it finds, or null */
      for (var li = 1; li < LEVELS.length; li++) {
        var y = report.framesData[1 + li];
        for (var j = 0; j < x.length; j++) {
          if (y[j] === null) { continue; }
          var hit = frameAt(u.valToPos(x[j], 'x'), u.valToPos(y[j], 'y'));
          hits.push({ x: x[j], d: y[j], t: hit ? hit.run.frames.T[hit.index] : null,
            frame: hit ? hit.run.frames.D[hit.index] : null });
        }
      }
      return { range: [state.min, state.max], x0: report.framesGrid.x0, width: report.framesGrid.width,
        columns: report.framesGrid.columns, keptOnly: report.framesGrid.keptOnly,
        keptOnlyNote: keptOnlyNote ? !keptOnlyNote.hidden : null, rows: report.framesData.slice(1), hits: hits };
    };
    /* the janky frame (drop level 1 or more) of the charted run nearest a click, within 6 px; null if none */
    function frameAt(px, py) {
      var best = null, bestD = 36;
      runs.forEach(function (r) {
        var f = r.frames;
        if (!f || r !== (vrun || runs[0])) { return; }
        for (var i = 0; i < f.T.length; i++) {
          if (f.L[i] < 1 || f.T[i] < state.min || f.T[i] > state.max) { continue; }
          var dx = u.valToPos(f.T[i], 'x') - px;
          if (dx * dx > bestD) { continue; }
          var dy = u.valToPos(f.D[i], 'y') - py;
          var dd = dx * dx + dy * dy;
          if (dd < bestD) { bestD = dd; best = { index: i, run: r }; }
        }
      });
      return best;
    }
    report.framePixel = function (i) { /* for the browser test: where frame i of the charted run is drawn */
      var f = (vrun || runs[0]).frames;
      return { x: u.valToPos(f.T[i], 'x'), y: u.valToPos(f.D[i], 'y'), over: u.over };
    };
    function bindOver() {
    clickToSeek(u, frameAt);
    u.over.addEventListener('dblclick', function () { setRange(0, full); });
    u.over.addEventListener('wheel', function (e) {
      e.preventDefault();
      var span = state.max - state.min;
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        var shift = (e.shiftKey ? e.deltaY : e.deltaX) / 500 * span;
        var mn = Math.min(Math.max(0, state.min + shift), full - span);
        setRange(mn, mn + span);
        return;
      }
      var at = u.posToVal(e.offsetX, 'x');
      var k = e.deltaY < 0 ? 0.8 : 1.25;
      setRange(at - (at - state.min) * k, at + (state.max - at) * k);
    }, { passive: false });
    }
    bindOver();
  })();

  /* frame-time distribution */
  var distSec = section('Frame-time distribution', 'Share of timed frames per 0.5 ms bin (the last bin holds ' +
    'everything longer); dashed lines are vsync multiples.' + (thinGrid > 0 ? ' A long run\u2019s bins were counted ' +
    'over all its frames when the report was written.' : ''));
  (function () {
    if (!anyFrames) { empty(distSec, 'No frames in the input: only the summary was given.'); return; }
    var top = vsyncMs * 4;
    runs.forEach(function (r) {
      var p95 = get(r.summary, 'frameTimeMs.p95');
      if (typeof p95 === 'number' && p95 * 2 > top) { top = p95 * 2; }
    });
    top = Math.min(top, 1000);
    var bin = 0.5;
    var bins = Math.ceil(top / bin) + 1;
    var x = [];
    for (var b = 0; b < bins; b++) { x.push(b * bin); }
    var data = [x];
    var series = [{ label: 'ms' }];
    runs.forEach(function (r, ri) {
      var counts = new Array(bins).fill(0);
      var n = 0;
      if (r.frames && r.frames.thinned) { /* a thinned run: the writer's bins, over every timed frame */
        r.frames.thinned.histogram.forEach(function (hb) { counts[Math.min(bins - 1, hb[0])] += hb[1]; });
        n = r.frames.thinned.timed;
      } else if (r.frames) {
        var D = r.frames.D, L = r.frames.L;
        for (var i = 0; i < D.length; i++) {
          if (L[i] < 0) { continue; }
          counts[Math.min(bins - 1, Math.floor(D[i] / bin))]++;
          n++;
        }
      }
      data.push(counts.map(function (c) { return n ? c / n * 100 : null; }));
      series.push({ label: (runs.length > 1 ? 'run ' + (ri + 1) + ' ' : '') + '% of frames',
        stroke: RUN_COLORS[ri % RUN_COLORS.length], fill: RUN_COLORS[ri % RUN_COLORS.length] + '33', width: 1.5,
        paths: uPlot.paths.stepped({ align: 1 }), points: { show: false } });
    });
    var div = el('div', { 'class': 'chart', id: 'chart-distribution' });
    distSec.appendChild(div);
    var u = plot({ width: chartWidth(), height: 240, series: series,
      scales: { x: { time: false } },
      axes: [{ label: 'frame time ms' }, { label: '% of timed frames' }],
      hooks: { draw: [function (u) {
        var ctx = u.ctx;
        ctx.save();
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = '#9aa3b2';
        for (var k = 1; k * vsyncMs <= u.scales.x.max; k++) {
          var px = Math.round(u.valToPos(k * vsyncMs, 'x', true)) + 0.5;
          ctx.beginPath();
          ctx.moveTo(px, u.bbox.top);
          ctx.lineTo(px, u.bbox.top + u.bbox.height);
          ctx.stroke();
        }
        ctx.restore();
      }, drawHook('distribution')] } }, data, div);
    track('distribution', u, data);
    report.distributionData = data;
  })();

  /* a Flutter app's UI/raster split per frame (report-flutter.js; docs/metrics.md 16) */
  if (window.fpsctlFlutterChart) {
    window.fpsctlFlutterChart({ runs: runs, section: section, el: el, plot: plot, track: track, drawHook: drawHook,
      chartWidth: chartWidth, report: report });
  }

  /* drop levels, stages and causes */
  var dl = section('Drop levels', 'Frames by vsyncs missed (Matrix FrameTracer levels, --drop-levels).');
  dl.appendChild(table(['level'].concat(runs.map(function (r, i) { return runs.length > 1 ? 'run ' + (i + 1) : 'frames'; }))
    .concat(['share']), LEVELS.map(function (lv, li) {
      var cells = [el('td', null, [el('span', { 'class': 'bar', style: 'width:10px;background:' + LEVEL_COLORS[li] }), ' ' + lv])];
      runs.forEach(function (r, i) { cells.push(figureCell(i, 'dropLevels.' + lv, get(r.summary, 'dropLevels.' + lv))); });
      var s0 = runs[0].summary;
      var total = LEVELS.reduce(function (a, k) { return a + (get(s0, 'dropLevels.' + k) || 0); }, 0);
      var share = total ? (get(s0, 'dropLevels.' + lv) || 0) / total : 0;
      cells.push(el('td', { 'class': 'txt' }, [el('span', { 'class': 'bar', style: 'width:' + Math.max(1, Math.round(share * 200)) +
        'px;background:' + LEVEL_COLORS[li] }), ' ' + (share * 100).toFixed(1) + ' %']));
      return el('tr', null, cells);
    })));

  var st = section('Stages and main causes', 'Mean span per stage over all timed frames (summary) and over the ' +
    'slow frames only (from the frames); the main cause of a slow frame is its longest stage (docs/metrics.md section 3).');
  if (runs.every(function (r) { return r.summary.stagesMs === null || r.summary.stagesMs === undefined; })) {
    empty(st, 'This source has no stages (SurfaceFlinger).');
  } else {
    var stHead = ['stage'];
    runs.forEach(function (r, i) { var p = runs.length > 1 ? 'run ' + (i + 1) + ' ' : ''; stHead.push(p + 'mean ms'); stHead.push(p + 'slow frames ms'); stHead.push(p + 'main cause of'); });
    var grid = el('div');
    grid.appendChild(table(stHead, STAGES.map(function (k) {
      var cells = [el('td', { text: k })];
      runs.forEach(function (r, i) {
        cells.push(figureCell(i, 'stagesMs.' + k, get(r.summary, 'stagesMs.' + k)));
        var slow = r.frames ? r.frames.slowStagesMs[k] : null;
        var top = r.frames ? Math.max.apply(null, STAGES.map(function (q) { return r.frames.slowStagesMs[q] || 0; })) : 0;
        cells.push(el('td', null, [el('span', { 'class': 'bar', style: 'width:' + (top > 0 && slow ? Math.round(slow / top * 120) : 0) +
          'px;background:' + RUN_COLORS[i % RUN_COLORS.length] }), ' ' + fixed(slow, 2)]));
        cells.push(figureCell(i, 'mainCauses.' + k, get(r.summary, 'mainCauses.' + k)));
      });
      return el('tr', null, cells);
    }).concat([el('tr', null, [el('td', { text: 'none dominates' })].concat([].concat.apply([], runs.map(function (r, i) {
      return [el('td'), el('td', { text: r.frames ? 'slow frames: ' + r.frames.slowFrames : '' }),
        figureCell(i, 'mainCauses.none', get(r.summary, 'mainCauses.none'))];
    }))))])));
    st.appendChild(grid);
  }

  /* worst frames */
  var wf = section('Worst frames', 'The slowest timed frames of each run.');
  runs.forEach(function (r, i) {
    if (!r.frames || r.frames.worst.length === 0) { return; }
    if (runs.length > 1) { wf.appendChild(el('h3', { text: 'run ' + (i + 1) + ': ' + r.label })); }
    var stagesKnown = r.summary.stagesMs !== null && r.summary.stagesMs !== undefined;
    var h = ['at s', 'window', 'ms', 'dropped', 'level', 'main cause'].concat(stagesKnown ? STAGES : []);
    wf.appendChild(el('div', { 'class': 'scroll' }, [table(h, r.frames.worst.map(function (w) {
      var shortName = w.window.indexOf('/') >= 0 ? w.window.substring(w.window.lastIndexOf('/') + 1) : w.window;
      var cells = [el('td', null, [seekButton(r, w)]), el('td', { 'class': 'txt', title: w.window, text: shortName }),
        el('td', { text: fixed(w.durationMs, 2) }), el('td', { text: String(w.dropped) }),
        el('td', { text: w.dropLevel }), el('td', { text: w.mainCause || '' })];
      if (stagesKnown) { STAGES.forEach(function (k) { cells.push(el('td', { text: fixed(w.stagesMs[k], 2) })); }); }
      return el('tr', null, cells);
    }))]));
  });
  if (!anyFrames) { empty(wf, 'No frames in the input: only the summary was given.'); }

  /* per-window table */
  var pw = section('Windows and layers');
  runs.forEach(function (r, i) {
    var ws = r.summary.windows || [];
    if (runs.length > 1) { pw.appendChild(el('h3', { text: 'run ' + (i + 1) + ': ' + r.label })); }
    pw.appendChild(table(['window', 'frames', 'fps', 'janky %', 'dropped', 'p90 ms', 'p99 ms', 'max ms', 'worst cause'],
      ws.map(function (w, wi) {
        function c(path) {
          return el('td', { 'data-figure': 'windows.' + wi + '.' + path, 'data-run': String(i), text: show(get(w, path)) });
        }
        return el('tr', null, [el('td', { 'class': 'txt', 'data-figure': 'windows.' + wi + '.name', 'data-run': String(i),
          text: show(w.name) }), c('frames'), c('fps'), c('jankPercent'), c('droppedFrames'), c('frameTimeMs.p90'),
          c('frameTimeMs.p99'), c('frameTimeMs.max'), c('worstFrameCause')]);
      })));
  });

  /* FrameTimeline (section 9), when the summary has it */
  runs.forEach(function (r, i) {
    var ft = r.summary.frameTimeline;
    if (!ft) { return; }
    var s = section('FrameTimeline' + (runs.length > 1 ? ' (run ' + (i + 1) + ')' : ''),
      'Who missed the deadline, from dumpsys SurfaceFlinger --frametimeline (docs/frametimeline.md).');
    var counts = r.frames && r.frames.F ? r.frames.ftCounts : null;
    var marks = { appJank: ['app', FT_MARKS[0][2]], systemJank: ['system', FT_MARKS[1][2]] };
    var rows = ['frames', 'unattributed', 'jankyFrames', 'appJank', 'systemJank', 'appJankPercent', 'systemJankPercent']
      .map(function (k) {
        var name = marks[k] ? [el('span', { 'class': 'bar', style: 'width:10px;background:' + marks[k][1] }), ' ' + k] : [k];
        var drawn = marks[k] && counts ? counts[marks[k][0]] : null;
        return el('tr', null, [el('td', null, name), figureCell(i, 'frameTimeline.' + k, ft[k]),
          el('td', { 'data-ft-marked': marks[k] ? marks[k][0] : null, 'data-run': String(i),
            text: drawn === null ? '' : String(drawn) })]);
      });
    var types = ft.types || {};
    var top = Math.max.apply(null, [1].concat(Object.keys(types).map(function (k) { return types[k] || 0; })));
    var typeRows = Object.keys(types).map(function (k) {
      return el('tr', null, [el('td', { text: k }), figureCell(i, 'frameTimeline.types.' + k, types[k]),
        el('td', { 'class': 'txt' }, [el('span', { 'class': 'bar', style: 'width:' + Math.round((types[k] || 0) / top * 160) +
          'px;background:#7a8394' })])]);
    });
    var pair = el('div', { 'class': 'figures' });
    pair.appendChild(table(['', 'summary', counts ? 'from the frames' : ''], rows));
    pair.appendChild(table(['jank type', 'joined frames', ''], typeRows));
    s.appendChild(pair);
  });

  /* warnings and coverage gaps */
  var wn = section('Warnings and coverage');
  runs.forEach(function (r, i) {
    var s = r.summary;
    var p = runs.length > 1 ? 'run ' + (i + 1) + ': ' : '';
    var gaps = s.coverageGaps;
    wn.appendChild(el('p', { 'data-coverage': String(i) }, [p + (gaps === null || gaps === undefined
      ? 'coverage: not recorded by this fpsctl version'
      : !s.frames ? 'coverage: nothing to cover: no frames were read (a gfxinfo dump taken without framestats?)'
      : gaps === 0 ? 'coverage: complete (every frame the device drew in the span was captured)'
        : 'coverage: ' + gaps + ' gap(s), ' + show(s.coverageGapMs) + ' ms in which frames may be missing')]));
    var list = s.warnings || [];
    if (list.length === 0) { wn.appendChild(el('p', { 'class': 'empty', text: p + 'no warnings' })); return; }
    wn.appendChild(el('ul', { 'class': 'warn' }, list.map(function (w) { return el('li', { text: p + w }); })));
  });

  /* ---- the first screen: charts beside the video, then the worst moments; the tables follow ---- */
  stageCharts.appendChild(fpsSec);
  stageCharts.appendChild(ftSec);
  if (player) { stage.appendChild(player.card); }
  var mr = vrun || runs.filter(function (r) { return r.frames && r.frames.worst.length; })[0];
  if (mr && mr.frames && mr.frames.worst.length) {
    var moments = el('section', { 'class': 'card', id: 'moments' }, [el('h2', { text: 'Worst moments' }),
      el('p', { 'class': 'legend-note', text: 'The slowest frames' + (runs.length > 1 ? ' of ' + mr.label : '') +
        (player ? '; each button shows its moment in the video.' : '; the full table is under Worst frames.') })]);
    var list = el('div', { 'class': 'moments' });
    var bad = mr.frames.worst.filter(function (w) { return w.dropLevel !== 'best'; }).slice(0, 5);
    if (bad.length === 0) { list.appendChild(el('p', { 'class': 'empty', text: 'No janky frame.' })); }
    bad.forEach(function (w) {
      list.appendChild(el('div', { 'class': 'moment' }, [seekButton(mr, w),
        el('b', { text: fixed(w.durationMs, 1) + ' ms' }),
        el('span', { text: w.dropLevel + (w.mainCause ? ' \u00b7 ' + w.mainCause : '') })]));
    });
    moments.appendChild(list);
    top.appendChild(moments);
  }
  if (resSec) { top.appendChild(resSec); }
  if (loadSec) { top.appendChild(loadSec); }

  report.rendered.push({ selected: runs.map(function (r) { return r.sel; }),
    frames: runs.map(function (r) { return r.frames ? r.frames.count : null; }),
    spans: runs.map(function (r) { return r.frames ? r.frames.span : null; }) });
  selfCheck();
  }

  /* ---- self-check for tests: what each chart drew, the figures, and every error so far ---- */
  function selfCheck() {
    var pre = document.getElementById('selfcheck');
    if (!pre) { pre = el('pre', { id: 'selfcheck' }); document.body.appendChild(pre); }
    pre.textContent = JSON.stringify({ ready: report.ready, readyMs: report.readyMs, panMs: report.panMs, charts: report.charts, errors: report.errors,
      runs: runs.length, frames: runs.map(function (r) { return r.frames ? r.frames.count : null; }),
      frameTimeline: report.frameTimeline, selected: runs.map(function (r) { return r.sel; }),
      iterations: runs.map(function (r) { return r.its.length; }), rendered: report.rendered,
      video: report.video || null, playhead: report.playhead === undefined ? null : report.playhead,
      thinned: report.thinned, zoomTest: report.zoomTest || null,
      distribution: report.zoomTest ? report.distributionData : null });
  }
  render();
  if (location.hash === '#bench' && report.panBench) { report.panMs = report.panBench(20); }
  var zooms = /^#zoom=([0-9.:,]+)$/.exec(location.hash);
  if (zooms && report.framesZoom) {
    report.zoomTest = zooms[1].split(',').map(function (z) {
      var ab = z.split(':');
      return report.framesZoom(+ab[0], +ab[1]);
    });
  }
  /* #iteration=K: each run with K iterations or more charts its K-th, through its selector as a click would */
  var wanted = /^#iteration=(\d+)$/.exec(location.hash);
  if (wanted) {
    runs.forEach(function (r, i) {
      var box = document.getElementById('iteration-' + i);
      if (box && +wanted[1] >= 1 && +wanted[1] <= r.its.length) {
        box.value = String(+wanted[1] - 1);
        box.dispatchEvent(new Event('change'));
      }
    });
  }
  /* #seek-test: for fpsctl's browser test (run in real time: a virtual-time budget runs out while the page waits
   * for the decoder), the page clicks (real DOM events) the worst janky frame on the frame-time chart, then each
   * worst-moment button in turn, each once the seek before it finished; report.video.seeks then holds every target,
   * file and currentTime the video reached. #seek-test-frames then also seeks to timed frames of the charted run
   * (200 at most, those that completed soonest after a vsync first), as a click on a janky one would; report.video.tested keeps every seek of the test (not only the last 20). */
  if ((location.hash === '#seek-test' || location.hash === '#seek-test-frames') && live.player) {
    var player = live.player;
    var steps = [];
    var cr = live.vrun;
    var f0 = cr.frames;
    var worstI = -1;
    for (var wi = 0; f0 && wi < f0.T.length; wi++) {
      if (f0.L[wi] >= 1 && (worstI < 0 || f0.D[wi] > f0.D[worstI])) { worstI = wi; }
    }
    if (worstI >= 0 && report.framePixel) {
      steps.push(function () {
        var p = report.framePixel(worstI);
        var box = p.over.getBoundingClientRect();
        var at = { clientX: box.left + p.x, clientY: box.top + p.y, bubbles: true };
        /* as a mouse does: move there, press, release, click (uPlot takes a press without the move for a drag) */
        p.over.dispatchEvent(new MouseEvent('mousemove', at));
        p.over.dispatchEvent(new MouseEvent('mousedown', at));
        p.over.dispatchEvent(new MouseEvent('mouseup', at));
        p.over.dispatchEvent(new MouseEvent('click', at));
        report.video.clickedFrame = { t: f0.T[worstI], durationMs: f0.D[worstI] };
      });
    }
    Array.prototype.slice.call(document.querySelectorAll('#moments button.seek'), 0, 3).forEach(function (b) {
      steps.push(function () { b.click(); });
    });
    if (location.hash === '#seek-test-frames' && f0) {
      /* the frames that completed soonest after a vsync first: there a picture stamped at the composition after the
       * completion lies furthest from the completion (a rule that adds a whole refresh lands a picture early) */
      var period = 1000 / ((cr.summary && cr.summary.refreshHz) || 60);
      var order = [];
      for (var ji = 0; ji < f0.T.length; ji++) { if (f0.L[ji] >= 0) { order.push(ji); } }
      order.sort(function (a, b) { return (f0.D[a] % period) - (f0.D[b] % period); });
      order.slice(0, 200).forEach(function (i) {
        steps.push(function () { live.seekFrame(cr, f0.T[i], f0.D[i], 'frame ' + i + ' at ' + f0.T[i]); });
      });
      /* then, as a click on a chart there would, 1 ms into each chained file after the first: the file before it
       * ended less than the seek's 50 ms slack earlier when the next screenrecord started at once */
      player.files.forEach(function (f, k) {
        if (k > 0) { steps.push(function () { player.seek(f.firstS + 0.001, 'file ' + k + ' start'); }); }
      });
    }
    report.video.tested = [];
    report.video.firstS = player.files.map(function (f) { return f.firstS; }); /* each placed file's start */
    var step = 0;
    var runStep = function () {
      if (step >= steps.length) { report.video.testDone = true; selfCheck(); return; }
      var before = report.video.seekCount || 0;
      steps[step++]();
      var s2 = report.video.seeks;
      if ((report.video.seekCount || 0) <= before) { report.video.testDone = 'step ' + step + ' did not seek'; selfCheck(); return; }
      var entry = s2[s2.length - 1];
      /* the next step once this seek finished */
      var keep = function () {
        report.video.tested.push({ why: entry.why, target: entry.target, currentTime: entry.currentTime, file: entry.file });
      };
      var next = function () { player.video.removeEventListener('seeked', next); keep(); setTimeout(runStep, 0); };
      if (entry.done) { keep(); runStep(); } else { player.video.addEventListener('seeked', next); }
    };
    var started = false;
    var start = function () { if (!started) { started = true; runStep(); } };
    player.video.addEventListener('loadedmetadata', start);
    if (player.video.readyState >= 1) { start(); }
  }
  report.ready = true;
  report.readyMs = Math.round(performance.now()); /* since navigation start: parse, decode, draw */
  selfCheck();
  window.addEventListener('error', selfCheck);
})();
