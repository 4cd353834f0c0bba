/* legal-rag-bench HTML report. Vanilla JS, no network. Every datum is rendered with textContent or
   createElement: no markup is ever parsed from data, and nothing is evaluated. */
(function () {
  'use strict';

  var DATA = JSON.parse(document.getElementById('lrb-data').textContent);
  var SVGNS = 'http://www.w3.org/2000/svg';
  var PAGE_SIZE = 50;
  var TYPE_ORDER = ['fact_exact', 'evidence_set', 'conflict_gap'];
  var COLORS = { PASS: '#1a7f37', FAIL: '#cf222e', SKIP: '#8c959f', ERROR: '#9a6700', A: '#8c959f', B: '#0969da',
    better: '#1a7f37', worse: '#cf222e', 'within noise': '#6e7781' };
  var isCmp = DATA.kind === 'comparison';
  var runs = DATA.runs || [];
  var questions = DATA.questions || [];
  var state = { b: 1, search: '', type: '', outcome: '', change: '', page: 0, sortKey: '', sortDir: -1,
    selected: -1, matches: null };

  // --- small helpers ------------------------------------------------------------------------

  function el(tag, opts) {
    var node = document.createElement(tag);
    opts = opts || {};
    if (opts.cls) node.className = opts.cls;
    if (opts.text !== undefined && opts.text !== null) node.textContent = String(opts.text);
    if (opts.testid) node.setAttribute('data-testid', opts.testid);
    if (opts.title) node.title = String(opts.title);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }
  function append(node, child) {
    if (child === null || child === undefined) return node;
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return node; }
    node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  }
  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVGNS, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) node.textContent = String(text);
    return node;
  }
  function isNum(x) { return typeof x === 'number' && isFinite(x); }
  function f3(x) { return isNum(x) ? x.toFixed(3) : '–'; }
  function pct(x) { return isNum(x) ? (x * 100).toFixed(1) + '%' : '–'; }
  function signed(x) { return !isNum(x) ? '–' : (x < 0 ? '-' + (-x).toFixed(3) : '+' + x.toFixed(3)); }
  function pval(p) { return !isNum(p) ? '–' : (p < 0.001 ? '<0.001' : p.toFixed(3)); }
  function show(v) {
    if (v === null || v === undefined) return '–';
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return JSON.stringify(v);
  }
  function runName(i) { var r = runs[i] || {}; return r.label || r.run_id || ('run ' + i); }
  function badge(outcome) { return el('span', { cls: 'badge ' + (outcome || 'none'), text: outcome || 'absent' }); }
  function verdictClass(v) { return v === 'better' ? 'better' : v === 'worse' ? 'worse' : 'noise'; }
  function sortTypes(types) {
    return types.slice().sort(function (a, b) {
      var ia = TYPE_ORDER.indexOf(a), ib = TYPE_ORDER.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || (a < b ? -1 : a > b ? 1 : 0);
    });
  }
  function entry(q, i) { return (q.r || [])[i] || null; }
  function findKey(obj, key, depth) {
    if (!obj || typeof obj !== 'object' || depth < 0) return undefined;
    if (Object.prototype.hasOwnProperty.call(obj, key)) return obj[key];
    var keys = Object.keys(obj);
    for (var i = 0; i < keys.length; i++) {
      var found = findKey(obj[keys[i]], key, depth - 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  function kvList(obj) {
    var dl = el('dl', { cls: 'kv' });
    Object.keys(obj || {}).forEach(function (k) { append(dl, [el('dt', { text: k }), el('dd', { text: show(obj[k]) })]); });
    return dl;
  }
  function table(headers, rows, opts) {
    opts = opts || {};
    var head = el('tr', {}, headers.map(function (h) { return el('th', { text: h }); }));
    return el('table', { cls: opts.cls, testid: opts.testid }, el('thead', {}, head), el('tbody', {}, rows));
  }
  function td(value, cls, col) {
    var cell = el('td', { cls: cls }, value instanceof Node ? value : el('span', { text: show(value) }));
    if (col) cell.setAttribute('data-col', col);
    return cell;
  }

  // --- header, notes and help ---------------------------------------------------------------

  function header() {
    var r = runs[0] || {};
    var title = DATA.heading ? String(DATA.heading) : isCmp ? 'Comparison: ' + runs.slice(1).map(function (_, i) { return runName(i + 1); }).join(', ') +
      ' against ' + runName(0) : 'Run report: ' + runName(0);
    var meta = el('div', { cls: 'meta' });
    if (!isCmp) {
      var adapter = r.adapter || {};
      append(meta, [el('span', { text: 'run ' + (r.run_id || '–') }), el('span', { text: 'system ' + show(adapter.name || adapter.spec) }),
        el('span', { text: 'started ' + show(r.started_at) }), el('span', { text: 'dataset ' + show((r.dataset || {}).path) })]);
    }
    append(meta, el('span', { text: 'made by ' + show(DATA.generator) }));
    var out = [el('h1', { text: title, testid: 'title' }), meta];
    if ((DATA.notes || []).length) {
      out.push(el('div', { cls: 'notes', testid: 'notes' }, DATA.notes.map(function (n) { return el('div', { text: n }); })));
    }
    out.push(help());
    return out;
  }

  function help() {
    var items = isCmp ? [
      'Each question was answered by every run. A and B are compared question by question (paired).',
      'Δ is B minus A. The 95% confidence interval (CI) comes from 10,000 bootstrap resamples of the questions: if it includes 0, the difference could be chance.',
      'Flips are questions whose outcome changed: PASS→FAIL (worse) and FAIL→PASS (better). The exact McNemar test asks whether the flips lean one way more than chance would; p < 0.05 means they do.',
      '"within noise" means neither test found a real difference: do not pick a winner on these numbers. "better"/"worse" means at least one test did.',
      'Skipped questions (the system failed to answer) are counted apart and never scored as 0.',
      'Click a row to see the question, the gold answer, both answers, the scoring of each component and the cited document lines.'
    ] : [
      'Score: the weighted mean of each question\'s components (0–1) over questions that were answered; a question passes at 0.7 by default.',
      'Coverage: the share of questions answered at all (not skipped). A run that skips questions is not better for it: compare coverage too.',
      'fact_exact checks amounts, dates and facts plus citations; evidence_set the recall and precision of evidence; conflict_gap abstention, invented specifics and the quote.',
      'Filter or search the table, then click a row for the question, the gold answer, the system\'s answer, what was extracted from it, each component\'s verdict and the cited document lines (required evidence highlighted).'
    ];
    return el('details', { cls: 'help', testid: 'help' }, el('summary', { text: 'How to read this page' }),
      el('ul', {}, items.map(function (t) { return el('li', { text: t }); })));
  }

  // --- run summary and per-type chart ---------------------------------------------------------

  function card(key, value, testid) {
    return el('div', { cls: 'card', testid: testid }, el('div', { cls: 'k', text: key }), el('div', { cls: 'v', text: value }));
  }

  function summaryCards(s) {
    return el('div', { cls: 'cards' }, [
      card('Score', f3(s.score), 'summary-score'), card('Pass rate', pct(s.pass_rate), 'summary-pass-rate'),
      card('Coverage', pct(s.coverage), 'summary-coverage'), card('Passed', s.passed, 'summary-passed'),
      card('Failed', s.failed, 'summary-failed'), card('Skipped', s.skipped, 'summary-skipped'),
      card('Errored', s.errored || 0, 'summary-errored'),
      card('Questions', s.total, 'summary-total')
    ]);
  }

  function typeChart(byType) {
    var types = sortTypes(Object.keys(byType || {}));
    var width = 640, row = 26, left = 120, barW = 360;
    var root = svg('svg', { width: width, height: row * types.length + 24, role: 'img', 'aria-label': 'Outcomes per question type', class: 'chart' });
    types.forEach(function (t, i) {
      var s = byType[t], y = i * row + 4, x = left, total = s.total || 1;
      root.appendChild(svg('text', { x: 0, y: y + 15 }, t));
      ['passed', 'failed', 'skipped', 'errored'].forEach(function (k) {
        var w = barW * (s[k] || 0) / total;
        var key = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP', errored: 'ERROR' }[k];
        var rect = svg('rect', { x: x, y: y, width: Math.max(0, w), height: row - 8, fill: COLORS[key] });
        rect.appendChild(svg('title', {}, t + ': ' + (s[k] || 0) + ' ' + k));
        root.appendChild(rect);
        x += w;
      });
      root.appendChild(svg('text', { x: left + barW + 8, y: y + 15 }, 'score ' + f3(s.score) + ' · ' + (s.passed || 0) + '/' + (s.total || 0) + ' passed'));
    });
    root.appendChild(svg('text', { x: left, y: row * types.length + 20 }, 'green passed · red failed · grey skipped · amber scorer error'));
    return root;
  }

  function typeTable(byType) {
    var rows = sortTypes(Object.keys(byType || {})).map(function (t) {
      var s = byType[t], tr = el('tr', { testid: 'type-row-' + t });
      append(tr, [td(t, '', 'type'), td(s.total, 'num', 'total'), td(s.passed, 'num', 'passed'), td(s.failed, 'num', 'failed'),
        td(s.skipped, 'num', 'skipped'), td(f3(s.score), 'num', 'score'), td(pct(s.coverage), 'num', 'coverage')]);
      return tr;
    });
    return table(['type', 'questions', 'passed', 'failed', 'skipped', 'score', 'coverage'], rows, { testid: 'type-table' });
  }

  function runSummary() {
    var s = runs[0].summary || {};
    return [el('h2', { text: 'Summary' }), summaryCards(s), el('h2', { text: 'By question type' }),
      typeChart(s.by_type), typeTable(s.by_type)];
  }

  // --- leaderboard (sweeps) -------------------------------------------------------------------

  function leaderboard() {
    var lb = DATA.leaderboard;
    if (!lb || !(lb.rows || []).length) return [];
    var types = sortTypes(Object.keys((lb.rows[0] || {}).by_type || {}));
    var headers = ['rank', 'variant', 'score', 'coverage', 'pass rate'].concat(types).concat(['vs ' + lb.baseline, 'vs leader']);
    var rows = lb.rows.map(function (r) {
      var tr = el('tr', { cls: 'q' + (r.name === runName(state.b) ? ' selected' : ''), testid: 'lb-row-' + r.rank });
      tr.setAttribute('data-name', r.name);
      append(tr, [td(r.rank, 'num', 'rank'), td(r.name, '', 'name'), td(f3(r.score), 'num', 'score'), td(pct(r.coverage), 'num', 'coverage'),
        td(pct(r.pass_rate), 'num', 'pass_rate')]);
      types.forEach(function (t) { append(tr, td(f3(((r.by_type || {})[t] || {}).score), 'num', 'type-' + t)); });
      append(tr, [td(versus(r.vs_baseline, '(baseline)'), '', 'vs_baseline'), td(versus(r.vs_leader, '(leader)'), '', 'vs_leader')]);
      tr.addEventListener('click', function () { selectByName(r.name); });
      return tr;
    });
    return [el('h2', { text: 'Leaderboard' }),
      el('p', { cls: 'muted', text: 'Ranked by score, then coverage (' + lb.rows.length + ' variants, same questions). ' +
        'Each variant is compared with ' + lb.baseline + ' and with the leader, question by question: Δ [95% CI] is over the questions both answered, ' +
        'so it can differ from the gap between scores when coverage differs. "within noise" means the data cannot tell the two apart. Click a row to compare it below.' }),
      el('p', { cls: 'headline', testid: 'lb-summary', text: leaderSummary(lb) }),
      leaderChart(lb.rows), table(headers, rows, { testid: 'leaderboard' })];
  }

  function leaderSummary(lb) {
    var rows = lb.rows, leader = rows[0];
    var tied = rows.filter(function (r) { return r.vs_leader && r.vs_leader.verdict === 'within noise'; }).map(function (r) { return r.name; });
    var behind = rows.filter(function (r) { return r.vs_leader && r.vs_leader.verdict === 'worse'; }).length;
    var text = leader.name + ' leads with ' + f3(leader.score) + '. ';
    text += tied.length ? 'It cannot be told apart from ' + tied.join(', ') + ' (within noise): treat ' + (tied.length === 1 ? 'both' : 'these') + ' as equally good. '
      : 'Every other variant is behind it beyond noise. ';
    if (behind) text += behind + ' variant(s) are significantly behind the leader. ';
    var base = rows.filter(function (r) { return r.name === lb.baseline; })[0];
    var beat = rows.filter(function (r) { return r.vs_baseline && r.vs_baseline.verdict === 'better'; }).map(function (r) { return r.name; });
    if (base) text += beat.length ? 'Significantly better than the baseline ' + lb.baseline + ': ' + beat.join(', ') + '.' : 'No variant is significantly better than the baseline ' + lb.baseline + '.';
    return text;
  }

  function versus(v, none) {
    if (!v) return el('span', { cls: 'muted', text: none });
    return el('span', {}, el('span', { cls: 'verdict ' + verdictClass(v.verdict), text: v.verdict }),
      ' ' + signed(v.delta) + ' [' + signed(v.ci_low) + ', ' + signed(v.ci_high) + ']');
  }

  function leaderChart(rows) {
    var row = 22, left = 170, barW = 400;
    var root = svg('svg', { width: 680, height: row * rows.length + 8, class: 'chart', role: 'img', 'aria-label': 'Score per variant' });
    rows.forEach(function (r, i) {
      var y = i * row + 4;
      root.appendChild(svg('text', { x: 0, y: y + 13 }, r.rank + '. ' + r.name));
      root.appendChild(svg('rect', { x: left, y: y, width: Math.max(0, barW * (r.score || 0)), height: row - 6, fill: i === 0 ? COLORS.B : COLORS.A }));
      root.appendChild(svg('text', { x: left + barW * (r.score || 0) + 6, y: y + 13 }, f3(r.score) + ' (coverage ' + pct(r.coverage) + ')'));
    });
    return root;
  }

  function selectByName(name) {
    for (var i = 1; i < runs.length; i++) {
      if (runName(i) === name) {
        state.b = i;
        Array.prototype.forEach.call(document.querySelectorAll('[data-testid=leaderboard] tr.q'), function (r) {
          r.classList.toggle('selected', r.getAttribute('data-name') === name);
        });
        rerenderComparison();
        return;
      }
    }
  }

  // --- comparison -------------------------------------------------------------------------------

  function cmp() { return (DATA.comparisons || [])[state.b - 1] || null; }

  function headline(c) {
    var o = c.overall, a = runName(0), b = runName(state.b), ci = o.bootstrap || {}, m = o.mcnemar || {};
    var flips = m.pass_to_fail + ' PASS→FAIL, ' + m.fail_to_pass + ' FAIL→PASS';
    var numbers = b + ' scores ' + f3(o.score_b) + ', ' + a + ' ' + f3(o.score_a) + ' (Δ ' + signed(o.delta) + ', 95% CI [' +
      signed(ci.ci_low) + ', ' + signed(ci.ci_high) + '], ' + o.n + ' questions answered by both; flips: ' + flips + ', McNemar p = ' + pval(m.p_value) + ').';
    var lead;
    if (o.verdict === 'within noise') lead = 'Within noise: no real difference between ' + b + ' and ' + a + ' on these questions. ';
    else if (o.verdict === 'better') lead = b + ' is better than ' + a + '. ';
    else if (o.verdict === 'worse') lead = b + ' is worse than ' + a + '. ';
    else lead = 'No questions were answered by both runs. ';
    return el('div', { cls: 'headline ' + verdictClass(o.verdict), testid: 'headline' },
      el('span', { cls: 'verdict ' + verdictClass(o.verdict), text: lead }), numbers);
  }

  function deltaRow(t, testid) {
    var ci = t.bootstrap || {}, m = t.mcnemar || {}, tr = el('tr', { testid: testid });
    append(tr, [td(t.type, '', 'type'), td(t.n, 'num', 'n'), td(f3(t.score_a), 'num', 'score_a'), td(f3(t.score_b), 'num', 'score_b'),
      td(signed(t.delta), 'num', 'delta'), td('[' + signed(ci.ci_low) + ', ' + signed(ci.ci_high) + ']', 'num', 'ci'),
      td(m.pass_to_fail, 'num', 'pass_to_fail'), td(m.fail_to_pass, 'num', 'fail_to_pass'), td(pval(m.p_value), 'num', 'p_value'),
      td(el('span', { cls: 'verdict ' + verdictClass(t.verdict), text: t.verdict }), '', 'verdict')]);
    return tr;
  }

  function forest(c) {
    var rows = [c.overall].concat(c.by_type || []), row = 26, left = 120, w = 420;
    var lim = 0.05;
    rows.forEach(function (t) { var ci = t.bootstrap || {}; lim = Math.max(lim, Math.abs(ci.ci_low || 0), Math.abs(ci.ci_high || 0)); });
    function X(v) { return left + w / 2 + (v / lim) * (w / 2); }
    var root = svg('svg', { width: 700, height: row * rows.length + 30, class: 'chart', role: 'img', 'aria-label': 'Score difference with 95% confidence interval' });
    root.appendChild(svg('line', { x1: X(0), x2: X(0), y1: 0, y2: row * rows.length, class: 'axis' }));
    rows.forEach(function (t, i) {
      var ci = t.bootstrap || {}, y = i * row + row / 2, color = COLORS[t.verdict] || COLORS['within noise'];
      root.appendChild(svg('text', { x: 0, y: y + 4 }, t.type));
      root.appendChild(svg('line', { x1: X(ci.ci_low || 0), x2: X(ci.ci_high || 0), y1: y, y2: y, stroke: color, 'stroke-width': 3 }));
      root.appendChild(svg('circle', { cx: X(t.delta || 0), cy: y, r: 5, fill: color }));
      root.appendChild(svg('text', { x: left + w + 10, y: y + 4 }, signed(t.delta) + ' ' + t.verdict));
    });
    var yb = row * rows.length + 16;
    root.appendChild(svg('text', { x: X(-lim), y: yb, 'text-anchor': 'middle' }, signed(-lim)));
    root.appendChild(svg('text', { x: X(0), y: yb, 'text-anchor': 'middle' }, '0 (no difference)'));
    root.appendChild(svg('text', { x: X(lim), y: yb, 'text-anchor': 'middle' }, signed(lim)));
    return root;
  }

  function flipButtons(c) {
    var m = (c.overall || {}).mcnemar || {};
    function button(label, change, testid) {
      var btn = el('button', { text: label, testid: testid });
      btn.addEventListener('click', function () { setFilter('change', change); });
      return btn;
    }
    return el('div', { cls: 'controls' }, [
      button('Show ' + m.pass_to_fail + ' PASS→FAIL', 'p2f', 'show-p2f'), button('Show ' + m.fail_to_pass + ' FAIL→PASS', 'f2p', 'show-f2p'),
      el('span', { cls: 'muted', text: (c.skipped || []).length + ' question(s) skipped in a run (not scored); ' +
        (c.only_in_a || []).length + ' only in ' + runName(0) + ', ' + (c.only_in_b || []).length + ' only in ' + runName(state.b) + '.' })]);
  }

  function runsTable() {
    var rows = runs.map(function (r, i) {
      var s = r.summary || {}, tr = el('tr', { testid: 'run-row-' + i });
      append(tr, [td(i === 0 ? 'A' : 'B' + (runs.length > 2 ? i : ''), '', 'role'), td(runName(i), '', 'name'), td(show((r.adapter || {}).name), '', 'adapter'),
        td(configText((r.adapter || {}).config), 'muted', 'config'),
        td(s.total, 'num', 'total'), td(s.passed, 'num', 'passed'), td(s.failed, 'num', 'failed'), td(s.skipped, 'num', 'skipped'),
        td(f3(s.score), 'num', 'score'), td(pct(s.coverage), 'num', 'coverage'), td(show(r.run_id), 'muted', 'run_id')]);
      return tr;
    });
    return table(['', 'run', 'system', 'config', 'questions', 'passed', 'failed', 'skipped', 'score', 'coverage', 'run id'], rows, { testid: 'runs-table' });
  }

  function configText(config) {
    if (!config || typeof config !== 'object') return '';
    return Object.keys(config).sort().filter(function (k) { return config[k] !== null && config[k] !== undefined && typeof config[k] !== 'object'; })
      .map(function (k) { return k + '=' + config[k]; }).join(' ');
  }

  function tabs() {
    if (runs.length <= 2) return null;
    var box = el('div', { cls: 'tabs', testid: 'pick-run' }, el('span', { cls: 'muted', text: 'Compare with ' + runName(0) + ':' }));
    for (var i = 1; i < runs.length; i++) {
      (function (k) {
        var btn = el('button', { text: runName(k), cls: k === state.b ? 'active' : '' });
        btn.setAttribute('data-run', String(k));
        btn.addEventListener('click', function () { state.b = k; rerenderComparison(); });
        append(box, btn);
      })(i);
    }
    return box;
  }

  function comparisonSection() {
    var c = cmp(), box = el('section', { testid: 'comparison' });
    if (!c) return box;
    var rows = [deltaRow(c.overall, 'cmp-overall')].concat((c.by_type || []).map(function (t) { return deltaRow(t, 'cmp-type-' + t.type); }));
    append(box, [el('h2', { text: runName(state.b) + ' (B) against ' + runName(0) + ' (A)' }), tabs(), headline(c), forest(c),
      table(['type', 'questions', 'A score', 'B score', 'Δ (B−A)', '95% CI of Δ', 'PASS→FAIL', 'FAIL→PASS', 'McNemar p', 'verdict'], rows, { testid: 'delta-table' }),
      flipButtons(c)]);
    return box;
  }

  // --- questions: filters, table, pager --------------------------------------------------------

  function haystack(q) {
    if (q._h === undefined) {
      var parts = [q.id, q.question || ''];
      (q.r || []).forEach(function (e) { if (e && e.a) parts.push(e.a.answer || ''); });
      q._h = parts.join('\n').toLowerCase();
    }
    return q._h;
  }

  function change(q) {
    var a = entry(q, 0), b = entry(q, state.b);
    if (!a || !b) return 'absent';
    if (a.o === 'PASS' && b.o === 'FAIL') return 'p2f';
    if (a.o === 'FAIL' && b.o === 'PASS') return 'f2p';
    if (a.o === 'SKIP' || b.o === 'SKIP' || a.o === 'ERROR' || b.o === 'ERROR') return 'skip';
    if (isNum(a.s) && isNum(b.s) && b.s > a.s + 1e-9) return 'up';
    if (isNum(a.s) && isNum(b.s) && b.s < a.s - 1e-9) return 'down';
    return 'same';
  }

  function matches(q) {
    if (state.type && q.type !== state.type) return false;
    var shown = entry(q, isCmp ? state.b : 0);
    if (state.outcome && (!shown || shown.o !== state.outcome)) return false;
    if (isCmp && state.change) {
      var ch = change(q);
      if (state.change === 'flip' ? (ch !== 'p2f' && ch !== 'f2p') : state.change === 'changed' ? (ch === 'same') : ch !== state.change) return false;
    }
    return !state.search || haystack(q).indexOf(state.search) >= 0;
  }

  function sortValue(q, key) {
    var a = entry(q, 0), b = entry(q, isCmp ? state.b : 0);
    if (key === 'score') return b && isNum(b.s) ? b.s : -1;
    if (key === 'score_a') return a && isNum(a.s) ? a.s : -1;
    if (key === 'delta') return a && b && isNum(a.s) && isNum(b.s) ? b.s - a.s : 0;
    return 0;
  }

  function filtered() {
    if (state.matches) return state.matches;
    var idx = [];
    for (var i = 0; i < questions.length; i++) if (matches(questions[i])) idx.push(i);
    if (state.sortKey) {
      idx.sort(function (x, y) { return state.sortDir * (sortValue(questions[x], state.sortKey) - sortValue(questions[y], state.sortKey)) || x - y; });
    }
    state.matches = idx;
    return idx;
  }

  function setFilter(key, value) {
    state[key] = value; state.page = 0; state.matches = null;
    var control = document.querySelector('[data-filter="' + key + '"]');
    if (control && control.value !== value) control.value = value;
    renderRows();
    var section = document.getElementById('questions');
    if (section && key === 'change') section.scrollIntoView();
  }

  function select(options, key, testid, label) {
    var s = el('select', { testid: testid, title: label });
    s.setAttribute('data-filter', key);
    options.forEach(function (o) { var opt = el('option', { text: o[1] }); opt.value = o[0]; append(s, opt); });
    s.value = state[key];
    s.addEventListener('change', function () { setFilter(key, s.value); });
    return el('label', {}, label + ' ', s);
  }

  function controls() {
    var types = sortTypes(Object.keys(questions.reduce(function (acc, q) { acc[q.type] = 1; return acc; }, {})));
    var search = el('input', { testid: 'search', title: 'Search ids, questions and answers' });
    search.type = 'search'; search.placeholder = 'Search id, question or answer…';
    var timer = null;
    search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { setFilter('search', search.value.trim().toLowerCase()); }, 120);
    });
    var box = el('div', { cls: 'controls' }, search,
      select([['', 'all']].concat(types.map(function (t) { return [t, t]; })), 'type', 'filter-type', 'type'),
      select([['', 'all'], ['PASS', 'PASS'], ['FAIL', 'FAIL'], ['SKIP', 'SKIP'], ['ERROR', 'ERROR']], 'outcome', 'filter-outcome', isCmp ? 'outcome in B' : 'outcome'));
    if (isCmp) {
      append(box, select([['', 'all'], ['flip', 'outcome flipped'], ['p2f', 'PASS→FAIL'], ['f2p', 'FAIL→PASS'], ['up', 'score up, same outcome'],
        ['down', 'score down, same outcome'], ['skip', 'skipped or errored in a run'], ['changed', 'any change']], 'change', 'filter-change', 'change'));
    }
    return box;
  }

  function headerRow() {
    var cols = isCmp
      ? [['id'], ['type'], ['A'], ['B'], ['A score', 'score_a'], ['B score', 'score'], ['Δ', 'delta'], ['question']]
      : [['id'], ['type'], ['outcome'], ['score', 'score'], ['components'], ['question']];
    return el('tr', {}, cols.map(function (c) {
      var th = el('th', { text: c[0], cls: c[1] ? 'sortable' : '' });
      if (c[1]) {
        th.setAttribute('data-sort', c[1]);
        th.addEventListener('click', function () {
          state.sortDir = state.sortKey === c[1] ? -state.sortDir : -1; state.sortKey = c[1]; state.matches = null; state.page = 0; renderRows();
        });
      }
      return th;
    }));
  }

  function questionRow(i) {
    var q = questions[i], a = entry(q, 0), tr = el('tr', { cls: 'q' + (i === state.selected ? ' selected' : '') });
    tr.setAttribute('data-id', q.id);
    append(tr, [td(q.id, '', 'id'), td(q.type, '', 'type')]);
    if (isCmp) {
      var b = entry(q, state.b);
      append(tr, [td(badge(a && a.o), '', 'a'), td(badge(b && b.o), '', 'b'), td(f3(a && a.s), 'num', 'score_a'), td(f3(b && b.s), 'num', 'score_b'),
        td(a && b && isNum(a.s) && isNum(b.s) ? signed(b.s - a.s) : '–', 'num', 'delta')]);
    } else {
      var comps = Object.keys((a && a.c) || {}).map(function (k) { return k + ' ' + f3(a.c[k]); }).join(' · ');
      append(tr, [td(badge(a && a.o), '', 'outcome'), td(f3(a && a.s), 'num', 'score'), td(comps || (a && (a.skip || a.err)) || '', 'muted', 'components')]);
    }
    append(tr, td(q.question, 'qtext', 'question'));
    tr.addEventListener('click', function () { openDetail(i); });
    return tr;
  }

  function renderRows() {
    var idx = filtered(), pages = Math.max(1, Math.ceil(idx.length / PAGE_SIZE));
    state.page = Math.min(state.page, pages - 1);
    var start = state.page * PAGE_SIZE, end = Math.min(idx.length, start + PAGE_SIZE);
    var body = document.getElementById('qbody');
    var rows = [];
    for (var k = start; k < end; k++) rows.push(questionRow(idx[k]));
    body.replaceChildren.apply(body, rows);
    document.querySelector('[data-testid="match-count"]').textContent = idx.length + ' of ' + questions.length + ' questions';
    document.querySelector('[data-testid="page-info"]').textContent = idx.length
      ? 'showing ' + (start + 1) + '–' + end + ' · page ' + (state.page + 1) + ' of ' + pages : 'no question matches';
    document.querySelector('[data-testid="pager-prev"]').disabled = state.page === 0;
    document.querySelector('[data-testid="pager-next"]').disabled = state.page >= pages - 1;
  }

  function pager() {
    var prev = el('button', { text: '‹ previous', testid: 'pager-prev' }), next = el('button', { text: 'next ›', testid: 'pager-next' });
    prev.addEventListener('click', function () { state.page -= 1; renderRows(); });
    next.addEventListener('click', function () { state.page += 1; renderRows(); });
    return el('div', { cls: 'pager' }, prev, next, el('span', { cls: 'muted', testid: 'page-info' }), el('span', { cls: 'muted', testid: 'match-count' }));
  }

  function questionsSection() {
    var section = el('section', {}, el('h2', { text: 'Questions' }), controls(), pager(),
      el('table', { testid: 'questions' }, el('thead', {}, headerRow()), el('tbody', {})));
    section.id = 'questions';
    section.querySelector('tbody').id = 'qbody';
    return section;
  }

  // --- drill-down --------------------------------------------------------------------------------

  function list(items, render, testid) {
    if (!items || !items.length) return el('p', { cls: 'muted', text: 'none' });
    return el('ul', { testid: testid }, items.map(function (x) { return el('li', {}, render(x)); }));
  }

  function citationText(c) {
    if (typeof c !== 'object' || c === null) return show(c);
    var where = (c.page !== null && c.page !== undefined ? 'p.' + c.page : 'no page') + (c.lines ? ' lines ' + c.lines : '');
    return where + (c.quote ? ' “' + c.quote + '”' : '') + (c.doc ? ' (' + c.doc + ')' : '');
  }

  function componentsTable(e) {
    var diag = (e.d && e.d.components) || {};
    var names = Object.keys(diag).length ? Object.keys(diag) : Object.keys(e.c || {});
    if (!names.length) return el('p', { cls: 'muted', text: 'no components (the question was not scored)' });
    var rows = names.map(function (n) {
      var d = diag[n] || { score: (e.c || {})[n] };
      var tr = el('tr', {});
      tr.setAttribute('data-component', n);
      append(tr, [td(n), td(f3(d.score), 'num'), td(isNum(d.weight) ? d.weight.toFixed(2) : '–', 'num'), td(d.status), td(d.expected),
        td(d.extracted), td(d.reason)]);
      return tr;
    });
    return table(['component', 'score', 'weight', 'status', 'expected', 'extracted', 'reason'], rows, { testid: 'components' });
  }

  function fieldsTable(fields) {
    var rows = Object.keys(fields).map(function (n) {
      var f = fields[n] || {};
      return el('tr', {}, td(n), td(f.comparator), td(f.status), td(f.expected), td(f.extracted), td(f.reason));
    });
    return table(['field', 'comparator', 'status', 'expected', 'extracted', 'reason'], rows, { testid: 'fields' });
  }

  function citationChecks(checks) {
    var rows = checks.map(function (c) {
      return el('tr', {}, td(c.source), td(c.page), td(c.lines), td(c.quote), td(c.correct ? 'correct' : 'wrong'), td(c.reason));
    });
    return table(['from', 'page', 'lines', 'quote', 'verdict', 'why'], rows, { testid: 'citation-checks' });
  }

  function inventedText(x) {
    if (typeof x !== 'object' || x === null) return show(x);
    var kind = x.kind || x.type || 'specific', value = x.value !== undefined ? x.value : x.text !== undefined ? x.text : x.raw;
    return kind + ': ' + show(value) + (x.reason ? ' (' + x.reason + ')' : '');
  }

  function foundText(f) {
    if (typeof f !== 'object' || f === null) return show(f);
    var hedge = f.definite === false ? ' (hedged, not counted)' : '';
    return (f.raw !== undefined ? '“' + f.raw + '” → ' : '') + show(f.value) + (f.qualifier ? ' [' + f.qualifier + ']' : '') + hedge;
  }

  function valuesList(values) {
    var dl = el('dl', { cls: 'kv', testid: 'values' });
    Object.keys(values).forEach(function (kind) {
      var v = values[kind], found = v && Array.isArray(v.found) ? v.found : null;
      var shown = found ? (found.length ? found.map(foundText).join('；') : 'nothing found') : show(v);
      append(dl, [el('dt', { text: kind }), el('dd', { text: shown + (v && v.source ? '  (from ' + v.source + ')' : '') })]);
    });
    return dl;
  }

  var SHOWN_DETAIL_KEYS = ['components', 'fields', 'values', 'citation', 'citations', 'invented'];

  function runColumn(q, i) {
    var e = entry(q, i), col = el('div', { testid: 'run-detail-' + i });
    append(col, el('h3', {}, (isCmp ? (i === 0 ? 'A: ' : 'B: ') : '') + runName(i) + ' ', badge(e && e.o), ' ', e ? 'score ' + f3(e.s) : ''));
    if (!e) return append(col, el('p', { cls: 'muted', text: 'This run did not have this question.' }));
    if (e.skip) append(col, el('p', { text: 'Skipped: ' + e.skip }));
    if (e.err) append(col, el('p', { testid: 'scorer-error-' + i, text: 'The scorer raised ' + e.err }));
    var a = e.a || {}, d = e.d || {};
    append(col, [el('h3', { text: 'Answer' }), el('div', { cls: 'answer', testid: 'answer-' + i, text: a.answer === undefined ? '(no answer)' : show(a.answer) })]);
    if (a.abstained !== undefined && a.abstained !== null) append(col, el('p', { text: 'abstained: ' + show(a.abstained) }));
    append(col, [el('h3', { text: 'Citations given' }), list(a.citations, citationText, 'citations-' + i)]);
    append(col, [el('h3', { text: 'Evidence returned' }), list(a.evidence, function (x) { return typeof x === 'string' ? x : citationText({ page: x.page, quote: x.text }); }, 'evidence-' + i)]);
    if (a.fields && Object.keys(a.fields).length) append(col, [el('h3', { text: 'Structured fields' }), kvList(a.fields)]);
    append(col, [el('h3', { text: 'Components' }), componentsTable(e)]);
    if (d.fields && typeof d.fields === 'object') append(col, [el('h3', { text: 'Expected fields' }), fieldsTable(d.fields)]);
    if (d.values && typeof d.values === 'object') append(col, [el('h3', { text: 'Values extracted from the answer' }), valuesList(d.values)]);
    var invented = findKey(d, 'invented', 2);
    if (invented !== undefined) {
      append(col, [el('h3', { text: 'Invented specifics (not in the document)' }),
        Array.isArray(invented) && invented.length ? el('ul', { cls: 'inv', testid: 'invented-' + i }, invented.map(function (x) { return el('li', { text: inventedText(x) }); }))
          : el('p', { cls: 'muted', text: 'none' })]);
    }
    var checks = Array.isArray(d.citations) ? d.citations : d.citation && Array.isArray(d.citation.citations) ? d.citation.citations : null;
    if (checks && checks.length) append(col, [el('h3', { text: 'Citation checks' }), citationChecks(checks)]);
    var other = {};
    Object.keys(d).forEach(function (k) { if (SHOWN_DETAIL_KEYS.indexOf(k) < 0) other[k] = d[k]; });
    if (Object.keys(other).length) append(col, [el('h3', { text: 'Other diagnostics' }), el('pre', { cls: 'json', text: JSON.stringify(other, null, 2) })]);
    return col;
  }

  function markedText(text, spans) {
    var cell = el('td', { cls: 'txt' });
    if (!spans || !spans.length) return append(cell, text);
    var chars = Array.from(text), pos = 0;
    spans.slice().sort(function (x, y) { return x[0] - y[0]; }).forEach(function (s) {
      var lo = Math.max(s[0], pos), hi = Math.min(s[1], chars.length);
      if (lo >= hi) return;
      if (lo > pos) append(cell, chars.slice(pos, lo).join(''));
      append(cell, el('mark', { text: chars.slice(lo, hi).join('') }));
      pos = hi;
    });
    if (pos < chars.length) append(cell, chars.slice(pos).join(''));
    return cell;
  }

  function docLines(q, shownRuns) {
    var doc = q.doc && (DATA.docs || {})[q.doc];
    if (!doc) return el('p', { cls: 'muted', text: 'The document is not available to this report (see the notes at the top).' });
    var req = {}, cited = {}, wanted = {};
    (q.req_lines || []).forEach(function (n) { req[n] = true; wanted[n] = true; });
    shownRuns.forEach(function (i) {
      var e = entry(q, i);
      ((e && e.cl) || []).forEach(function (n) { (cited[n] = cited[n] || []).push(isCmp ? (i === 0 ? 'A' : 'B') : 'cited'); wanted[n] = true; });
    });
    var numbers = {};
    Object.keys(wanted).forEach(function (k) {
      var n = Number(k);
      for (var d = -1; d <= 1; d++) if (doc.lines[String(n + d)]) numbers[n + d] = true;
    });
    var sorted = Object.keys(numbers).map(Number).sort(function (x, y) { return x - y; });
    if (!sorted.length) return el('p', { cls: 'muted', text: 'No cited lines and no located evidence for this question.' });
    var rows = [], prev = null;
    sorted.forEach(function (n) {
      if (prev !== null && n > prev + 1) rows.push(el('tr', { cls: 'gap' }, el('td', { text: '…' }), el('td', {}), el('td', {}), el('td', {})));
      var line = doc.lines[String(n)], tr = el('tr', { cls: (req[n] ? 'req ' : '') + (cited[n] ? 'cited' : '') });
      tr.setAttribute('data-line', String(n));
      append(tr, [el('td', { cls: 'ln', text: n }), el('td', { cls: 'muted', text: 'p.' + line[0] }),
        el('td', { cls: 'muted', text: cited[n] ? cited[n].join(' ') : '' }), markedText(line[1], (q.marks || {})[String(n)])]);
      rows.push(tr);
      prev = n;
    });
    return el('div', {}, el('div', { cls: 'legend' }, el('span', {}, el('span', { cls: 'sw cited' }), 'cited by the answer'),
      el('span', {}, el('span', { cls: 'sw req' }), 'required evidence (highlighted)'), el('span', { text: doc.name })),
    table(['line', 'page', 'cited', 'text'], rows, { cls: 'doc', testid: 'doc-lines' }));
  }

  function requiredList(q) {
    var found = q.found || null;
    return list(q.required, function (r) {
      var idx = q.required.indexOf(r);
      return 'p.' + r.page + (r.critical ? ' (critical)' : '') + ': ' + r.text +
        (found && q.doc && found.indexOf(idx) < 0 ? '  [not located in the document]' : '');
    }, 'required');
  }

  function openDetail(i) {
    state.selected = i;
    var q = questions[i], box = document.getElementById('detail');
    var shown = isCmp ? [0, state.b] : [0];
    var content = [el('h2', { text: 'Question ' + q.id + ' · ' + q.type, testid: 'detail-title' }),
      el('div', { cls: 'answer', testid: 'detail-question', text: q.question || '(question text unavailable)' })];
    if (q.tags && q.tags.length) content.push(el('p', { cls: 'muted', text: 'tags: ' + q.tags.join(', ') }));
    content.push(el('h3', { text: 'Expected (gold)' }), q.expected ? kvList(q.expected) : el('p', { cls: 'muted', text: 'unavailable' }));
    if (q.required && q.required.length) content.push(el('h3', { text: 'Required evidence' }), requiredList(q));
    content.push(el('div', { cls: 'cols' }, shown.map(function (k) { return runColumn(q, k); })));
    content.push(el('h3', { text: 'Document lines' }), docLines(q, shown));
    box.replaceChildren.apply(box, content);
    box.hidden = false;
    Array.prototype.forEach.call(document.querySelectorAll('tr.q.selected'), function (r) { r.classList.remove('selected'); });
    Array.prototype.forEach.call(document.querySelectorAll('#qbody tr.q'), function (r) { if (r.getAttribute('data-id') === q.id) r.classList.add('selected'); });
    if (location.hash !== '#q=' + encodeURIComponent(q.id)) history.replaceState(null, '', '#q=' + encodeURIComponent(q.id));
    box.scrollIntoView();
  }

  function detailSection() {
    var box = el('section', { testid: 'detail' }, el('p', { cls: 'muted', text: 'Click a question to see its details.' }));
    box.id = 'detail';
    return box;
  }

  // --- page ----------------------------------------------------------------------------------------

  function rerenderComparison() {
    var old = document.querySelector('[data-testid="comparison"]');
    if (old) old.replaceWith(comparisonSection());
    state.matches = null;
    renderRows();
    if (state.selected >= 0) openDetail(state.selected);
  }

  function main() {
    var app = document.getElementById('app');
    var parts = header();
    if (isCmp) parts = parts.concat(leaderboard(), [el('h2', { text: 'Runs' }), runsTable(), comparisonSection()]);
    else parts = parts.concat(runSummary());
    parts.push(questionsSection(), detailSection());
    app.replaceChildren.apply(app, parts);
    renderRows();
    var hash = decodeURIComponent((location.hash || '').replace(/^#q=/, ''));
    if (hash) {
      for (var i = 0; i < questions.length; i++) if (questions[i].id === hash) { openDetail(i); break; }
    }
    document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
    document.body.setAttribute('data-ready', '1');
  }

  main();
})();
