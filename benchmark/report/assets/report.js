/* legal-rag-bench HTML report. Vanilla JS, no network. Every datum is rendered with textContent or
   createElement: no markup is ever parsed from data, and nothing is evaluated. Interface strings come
   from LRB_I18N (i18n.js, inlined before this script); the page is drawn again when the language changes.
   The run page is a list of sections (RUN_SECTIONS): a new summary (set gates, retrieval metrics) is a
   new function in that list. */
(function () {
  'use strict';

  var DATA = JSON.parse(document.getElementById('lrb-data').textContent);
  var I18N = typeof LRB_I18N === 'object' ? LRB_I18N : { en: {} };
  var SVGNS = 'http://www.w3.org/2000/svg';
  var PAGE_SIZE = 50;
  var LANG_KEY = 'legal-rag-bench.lang';
  var TYPE_ORDER = ['fact_exact', 'evidence_set', 'conflict_gap'];
  var PROBLEM_RANK = { FAIL: 0, ERROR: 0, SKIP: 1, PASS: 2 };
  var COLORS = { PASS: '#1a7f37', FAIL: '#cf222e', SKIP: '#8c959f', A: '#8c959f', B: '#0969da',
    better: '#1a7f37', worse: '#cf222e', 'within noise': '#6e7781' };
  var isCmp = DATA.kind === 'comparison';
  var runs = DATA.runs || [];
  var questions = DATA.questions || [];
  var METRICS = ['hit', 'recall', 'mrr', 'ndcg', 'foreign_rate'];
  var state = { b: 1, search: '', type: '', outcome: '', change: '', document: '', page: 0, sortKey: '', sortDir: -1,
    selected: -1, matches: null, lang: savedLang() || (I18N[DATA.lang] ? DATA.lang : 'en') };

  // --- language ------------------------------------------------------------------------------

  function savedLang() {
    try { var v = window.localStorage.getItem(LANG_KEY); return v && I18N[v] ? v : null; } catch (e) { return null; }
  }
  function t(key, params) {
    var table = I18N[state.lang] || {}, text = table[key];
    if (text === undefined) text = (I18N.en || {})[key];
    if (text === undefined) return key;
    return !params ? text : text.replace(/\{(\w+)\}/g, function (m, k) { return params[k] !== undefined ? String(params[k]) : m; });
  }
  function setLang(lang) {
    state.lang = lang;
    try { window.localStorage.setItem(LANG_KEY, lang); } catch (e) { /* a page opened from disk may not store */ }
    var y = window.scrollY;
    main();
    window.scrollTo(0, y);
  }
  function langSwitch() {
    var box = el('div', { cls: 'lang', testid: 'lang-switch' });
    [['zh', '中文'], ['en', 'English']].forEach(function (pair) {
      var b = el('button', { text: pair[1], testid: 'lang-' + pair[0], cls: state.lang === pair[0] ? 'active' : '' });
      b.setAttribute('lang', pair[0] === 'zh' ? 'zh-CN' : 'en');
      b.addEventListener('click', function () { if (state.lang !== pair[0]) setLang(pair[0]); });
      append(box, b);
    });
    return box;
  }

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
  /* a value as text, never JSON: lists joined, objects as "key value" pairs, amounts grouped */
  function show(v) {
    if (v === null || v === undefined || v === '') return '–';
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return isNum(v) && Math.abs(v) >= 1000 && v % 1 === 0 ? v.toLocaleString('en-US') : String(v);
    if (typeof v === 'boolean') return t(v ? 'yes' : 'no');
    if (Array.isArray(v)) return v.length ? v.map(show).join('; ') : '–';
    if (typeof v === 'object') {
      if (v.amount !== undefined) return show(v.amount) + (v.description ? '（' + show(v.description) + '）' : '');
      if (v.start !== undefined && v.end !== undefined) return show(v.start) + ' – ' + show(v.end);
      return Object.keys(v).map(function (k) { return k + ' ' + show(v[k]); }).join(', ');
    }
    return String(v);
  }
  function runName(i) { var r = runs[i] || {}; return r.label || r.run_id || ('run ' + i); }
  function badge(outcome) { return el('span', { cls: 'badge ' + (outcome || 'none'), text: outcome ? t('o_' + outcome) : t('absent') }); }
  function verdictWord(v) { return t('v_' + v); }
  function verdictClass(v) { return v === 'better' ? 'better' : v === 'worse' ? 'worse' : 'noise'; }
  function sortTypes(types) {
    return types.slice().sort(function (a, b) {
      var ia = TYPE_ORDER.indexOf(a), ib = TYPE_ORDER.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || (a < b ? -1 : a > b ? 1 : 0);
    });
  }
  function entry(q, i) { return (q.r || [])[i] || null; }
  function plain(e) { return (e && e.pl && (e.pl[state.lang] || e.pl.en)) || []; }
  function why(e) {
    if (!e) return '';
    if (e.o === 'SKIP') return t('skipped_because', { reason: e.skip || t('no_answer') });
    if (e.o === 'ERROR') return t('scorer_raised', { reason: e.err || '' });
    var short = plain(e).filter(function (p) { return isNum(p.score) && p.score < 1; });
    return short.map(function (p) { return p.label + t('colon') + p.why; }).join(t('sep'));
  }
  function kvList(obj) {
    var dl = el('dl', { cls: 'kv' });
    Object.keys(obj || {}).forEach(function (k) { append(dl, [el('dt', { text: k }), el('dd', { text: show(obj[k]) })]); });
    return dl;
  }
  function table(headers, rows, opts) {
    opts = opts || {};
    var head = el('tr', {}, headers.map(function (h) { return el('th', { text: h }); }));
    return el('div', { cls: 'scroll' }, el('table', { cls: opts.cls, testid: opts.testid }, el('thead', {}, head), el('tbody', {}, rows)));
  }
  function td(value, cls, col) {
    var cell = el('td', { cls: cls }, value instanceof Node ? value : el('span', { text: show(value) }));
    if (col) cell.setAttribute('data-col', col);
    return cell;
  }
  function textWidth(s) { var w = 0; for (var i = 0; i < String(s).length; i++) w += String(s).charCodeAt(i) > 0x2e80 ? 13 : 7.2; return Math.ceil(w); }

  // --- header, notes and help ---------------------------------------------------------------

  function header() {
    var r = runs[0] || {};
    var title = DATA.heading ? String(DATA.heading) : isCmp
      ? t('title_cmp', { b: runs.slice(1).map(function (_, i) { return runName(i + 1); }).join(', '), a: runName(0) })
      : t('title_run', { name: runName(0) });
    var meta = el('div', { cls: 'meta' });
    if (!isCmp) {
      var adapter = r.adapter || {};
      append(meta, [el('span', { text: t('meta_run', { v: r.run_id || '–' }) }), el('span', { text: t('meta_system', { v: show(adapter.name || adapter.spec) }) }),
        el('span', { text: t('meta_started', { v: show(r.started_at) }) }), el('span', { text: t('meta_dataset', { v: show((r.dataset || {}).path) }) })]);
    }
    append(meta, el('span', { text: t('meta_made_by', { v: show(DATA.generator) }) }));
    var out = [el('div', { cls: 'top' }, el('h1', { text: title, testid: 'title' }), langSwitch()), meta];
    if (!isCmp && r.status === 'stopped') out.push(el('div', { cls: 'stopped', testid: 'stopped', text: t('stopped', { reason: r.stop_reason || '' }) }));
    var notes = (DATA.notes || []).concat(isCmp ? [] : (r.warnings || []).map(function (w) { return t('warning') + w; }));
    if (notes.length) out.push(el('div', { cls: 'notes', testid: 'notes' }, notes.map(function (n) { return el('div', { text: n }); })));
    out.push(help());
    return out;
  }

  function help() {
    var keys = isCmp ? ['help_cmp_1', 'help_cmp_2', 'help_cmp_3', 'help_cmp_4', 'help_cmp_5', 'help_cmp_6']
      : ['help_run_1', 'help_run_2', 'help_run_3', 'help_run_4'];
    return el('details', { cls: 'help', testid: 'help' }, el('summary', { text: t('help_title') }),
      el('ul', {}, keys.map(function (k) { return el('li', { text: t(k) }); })));
  }

  // --- run summary and per-type table ---------------------------------------------------------

  function card(key, value, testid) {
    return el('div', { cls: 'card', testid: testid }, el('div', { cls: 'k', text: t(key) }), el('div', { cls: 'v', text: value }));
  }

  function summaryCards(s) {
    return el('div', { cls: 'cards' }, [
      card('score', f3(s.score), 'summary-score'), card('pass_rate', pct(s.pass_rate), 'summary-pass-rate'),
      card('coverage', pct(s.coverage), 'summary-coverage'), card('passed', s.passed, 'summary-passed'),
      card('failed', s.failed, 'summary-failed'), card('skipped', s.skipped, 'summary-skipped'),
      card('errored', s.errored || 0, 'summary-errored'), card('questions', s.total, 'summary-total')
    ]);
  }

  function outcomeBar(s) {
    var total = s.total || 1, bar = el('div', { cls: 'bar', title: t('bar_title', { p: s.passed || 0, f: s.failed || 0, s: s.skipped || 0 }) });
    ['passed', 'failed', 'skipped', 'errored'].forEach(function (k) {
      var part = el('span', { cls: 'seg ' + k });
      part.style.width = (100 * (s[k] || 0) / total).toFixed(2) + '%';
      append(bar, part);
    });
    return bar;
  }

  function typeTable(byType) {
    var rows = sortTypes(Object.keys(byType || {})).map(function (tp) {
      var s = byType[tp], tr = el('tr', { testid: 'type-row-' + tp });
      append(tr, [td(tp, 'nowrap', 'type'), td(s.total, 'num', 'total'), td(s.passed, 'num', 'passed'), td(s.failed, 'num', 'failed'),
        td(s.skipped, 'num', 'skipped'), td(f3(s.score), 'num', 'score'), td(pct(s.coverage), 'num', 'coverage'), td(outcomeBar(s), 'barcell', 'bar')]);
      return tr;
    });
    return table([t('type'), t('questions'), t('passed'), t('failed'), t('skipped'), t('score'), t('coverage'), t('outcomes')], rows, { testid: 'type-table' });
  }

  function gateTable(gates) {
    var rows = [];
    Object.keys(gates || {}).sort().forEach(function (path) {
      var entry = gates[path] || {}, g = entry.gates || {};
      Object.keys(g).sort().forEach(function (name) {
        var m = g[name] || {}, held = m.held === true ? 'held' : m.held === false ? 'FAILED' : 'not measured';
        var tr = el('tr', { testid: 'gate-row-' + name, cls: m.held === false ? 'gate-failed' : '' });
        append(tr, [td(path, '', 'set'), td(entry.passed ? 'PASS' : 'FAIL', '', 'set-verdict'), td(name, '', 'gate'),
          td(isNum(m.rate) ? f3(m.rate) + ' (' + m.counted + '/' + m.measured + ')' : '–', 'num', 'rate'),
          td((m.kind === 'max' ? '≤ ' : '≥ ') + f3(m.threshold), 'num', 'threshold'), td(held, '', 'held')]);
        rows.push(tr);
      });
    });
    return table(['set', 'set verdict', 'gate', 'measured rate', 'threshold', 'held'], rows, { testid: 'gate-table' });
  }

  function runSummary() {
    var s = runs[0].summary || {};
    return [el('h2', { text: t('summary') }), summaryCards(s)];
  }

  function metricName(m, k) { return (m === 'foreign_rate' ? 'foreign' : m) + '@' + (k === null || k === undefined ? 'k' : k); }

  /* retrieval means per type and overall, when the answers gave ranked contexts */
  function retrievalSection() {
    var s = runs[0].summary || {}, all = s.retrieval;
    if (!all) return [];
    var rows = sortTypes(Object.keys(s.by_type || {})).filter(function (tp) { return (s.by_type[tp] || {}).retrieval; })
      .map(function (tp) { return [tp, s.by_type[tp].retrieval]; }).concat([[t('all'), all, 'all']]);
    var body = rows.map(function (r) {
      var tr = el('tr', { testid: 'retrieval-row-' + (r[2] || r[0]) });
      append(tr, [td(r[0], '', 'type'), td(r[1].questions, 'num', 'questions')]);
      METRICS.forEach(function (m) { append(tr, td(f3(r[1][m]), 'num', m)); });
      return tr;
    });
    return [el('h2', { text: t('retrieval') }), el('p', { cls: 'muted', text: t('retrieval_help', { k: show(all.k) }) }),
      table([t('type'), t('questions')].concat(METRICS.map(function (m) { return metricName(m, all.k); })), body, { testid: 'retrieval-table' })];
  }

  function typeSection() {
    var s = runs[0].summary || {};
    var out = [el('h2', { text: t('by_type') }), typeTable(s.by_type),
      el('div', { cls: 'legend' }, ['passed', 'failed', 'skipped', 'errored'].map(function (k) { return el('span', {}, el('span', { cls: 'sw ' + k }), t(k)); }))];
    if (s.gates && Object.keys(s.gates).length) {
      out.push(el('h2', { text: t('set_gates') }), gateTable(s.gates));
    }
    return out;
  }

  // --- leaderboard (sweeps) -------------------------------------------------------------------

  function leaderboard() {
    var lb = DATA.leaderboard;
    if (!lb || !(lb.rows || []).length) return [];
    var types = sortTypes(Object.keys((lb.rows[0] || {}).by_type || {}));
    var measured = lb.rows.filter(function (r) { return r.retrieval; });
    var rk = measured.length ? measured[0].retrieval.k : null, rcols = measured.length ? METRICS : [];
    var headers = [t('rank'), t('variant'), t('score'), t('coverage'), t('pass_rate')].concat(types)
      .concat(rcols.map(function (m) { return metricName(m, rk); })).concat([t('vs_x', { x: lb.baseline }), t('vs_leader')]);
    var rows = lb.rows.map(function (r) {
      var tr = el('tr', { cls: 'q' + (r.name === runName(state.b) ? ' selected' : ''), testid: 'lb-row-' + r.rank });
      tr.setAttribute('data-name', r.name);
      append(tr, [td(r.rank, 'num', 'rank'), td(r.name + (r.failed ? ' ⚠' : ''), 'nowrap', 'name'), td(f3(r.score), 'num', 'score'), td(pct(r.coverage), 'num', 'coverage'),
        td(pct(r.pass_rate), 'num', 'pass_rate')]);
      types.forEach(function (tp) { append(tr, td(f3(((r.by_type || {})[tp] || {}).score), 'num', 'type-' + tp)); });
      rcols.forEach(function (m) { append(tr, td(f3((r.retrieval || {})[m]), 'num', 'retrieval-' + m)); });
      append(tr, [td(versus(r.vs_baseline, t('baseline_mark')), '', 'vs_baseline'), td(versus(r.vs_leader, t('leader_mark')), '', 'vs_leader')]);
      if (r.failed) tr.title = r.failed;
      tr.addEventListener('click', function () { selectByName(r.name); });
      return tr;
    });
    return [el('h2', { text: t('leaderboard') }),
      el('p', { cls: 'muted', text: t('lb_help', { n: lb.rows.length, base: lb.baseline }) }),
      lb.rank_by && lb.rank_by !== 'score' ? el('p', { cls: 'muted', testid: 'lb-ranked-by', text: t('ranked_by', { r: lb.ranking }) }) : null,
      el('p', { cls: 'headline', testid: 'lb-summary', text: leaderSummary(lb) }),
      leaderChart(lb.rows), table(headers, rows, { testid: 'leaderboard' })];
  }

  function leaderSummary(lb) {
    var rows = lb.rows, leader = rows[0];
    var tied = rows.filter(function (r) { return r.vs_leader && r.vs_leader.verdict === 'within noise'; }).map(function (r) { return r.name; });
    var behind = rows.filter(function (r) { return r.vs_leader && r.vs_leader.verdict === 'worse'; }).length;
    var text = t('lb_leads', { name: leader.name, score: f3(leader.score) }) + ' ';
    text += tied.length ? t(tied.length === 1 ? 'lb_tied_one' : 'lb_tied_many', { names: tied.join(', ') }) + ' ' : t('lb_ahead') + ' ';
    if (behind) text += t('lb_behind', { n: behind }) + ' ';
    var base = rows.filter(function (r) { return r.name === lb.baseline; })[0];
    var beat = rows.filter(function (r) { return r.vs_baseline && r.vs_baseline.verdict === 'better'; }).map(function (r) { return r.name; });
    if (base) text += beat.length ? t('lb_beat', { base: lb.baseline, names: beat.join(', ') }) : t('lb_no_beat', { base: lb.baseline });
    return text;
  }

  function versus(v, none) {
    if (!v) return el('span', { cls: 'muted', text: none });
    return el('span', {}, el('span', { cls: 'verdict nowrap ' + verdictClass(v.verdict), text: verdictWord(v.verdict) }), ' ',
      el('span', { cls: 'nowrap', text: signed(v.delta) + ' [' + signed(v.ci_low) + ', ' + signed(v.ci_high) + ']' }));
  }

  function leaderChart(rows) {
    var row = 22, barW = 400;
    var labels = rows.map(function (r) { return r.rank + '. ' + r.name; });
    var notes = rows.map(function (r) { return f3(r.score) + ' (' + t('coverage') + ' ' + pct(r.coverage) + ')'; });
    var left = Math.max.apply(null, labels.map(textWidth).concat([60])) + 12;
    var width = left + barW + 10 + Math.max.apply(null, notes.map(textWidth).concat([60]));
    var root = svg('svg', { width: width, height: row * rows.length + 8, class: 'chart', role: 'img', 'aria-label': t('chart_variants') });
    rows.forEach(function (r, i) {
      var y = i * row + 4;
      root.appendChild(svg('text', { x: 0, y: y + 13 }, labels[i]));
      root.appendChild(svg('rect', { x: left, y: y, width: Math.max(0, barW * (r.score || 0)), height: row - 6, fill: i === 0 ? COLORS.B : COLORS.A }));
      root.appendChild(svg('text', { x: left + barW * (r.score || 0) + 6, y: y + 13 }, notes[i]));
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
    var numbers = t('headline_numbers', { b: b, sb: f3(o.score_b), a: a, sa: f3(o.score_a), d: signed(o.delta), lo: signed(ci.ci_low),
      hi: signed(ci.ci_high), n: o.n, p2f: m.pass_to_fail, f2p: m.fail_to_pass, p: pval(m.p_value) });
    var key = { 'within noise': 'headline_noise', better: 'headline_better', worse: 'headline_worse' }[o.verdict] || 'headline_none';
    return el('div', { cls: 'headline ' + verdictClass(o.verdict), testid: 'headline' },
      el('span', { cls: 'verdict ' + verdictClass(o.verdict), text: t(key, { a: a, b: b }) + ' ' }), numbers);
  }

  function deltaRow(d, testid) {
    var ci = d.bootstrap || {}, m = d.mcnemar || {}, tr = el('tr', { testid: testid });
    append(tr, [td(d.type === 'overall' ? t('overall') : d.type, 'nowrap', 'type'), td(d.n, 'num', 'n'), td(f3(d.score_a), 'num', 'score_a'), td(f3(d.score_b), 'num', 'score_b'),
      td(signed(d.delta), 'num', 'delta'), td('[' + signed(ci.ci_low) + ', ' + signed(ci.ci_high) + ']', 'num', 'ci'),
      td(m.pass_to_fail, 'num', 'pass_to_fail'), td(m.fail_to_pass, 'num', 'fail_to_pass'), td(pval(m.p_value), 'num', 'p_value'),
      td(el('span', { cls: 'verdict ' + verdictClass(d.verdict), text: verdictWord(d.verdict) }), 'nowrap', 'verdict')]);
    return tr;
  }

  function forest(c) {
    var rows = [c.overall].concat(c.by_type || []), row = 26, w = 420, lim = 0.05;
    var names = rows.map(function (d) { return d.type === 'overall' ? t('overall') : d.type; });
    var notes = rows.map(function (d) { return signed(d.delta) + ' ' + verdictWord(d.verdict); });
    var left = Math.max.apply(null, names.map(textWidth).concat([60])) + 14;
    rows.forEach(function (d) { var ci = d.bootstrap || {}; lim = Math.max(lim, Math.abs(ci.ci_low || 0), Math.abs(ci.ci_high || 0)); });
    function X(v) { return left + w / 2 + (v / lim) * (w / 2); }
    var width = left + w + 14 + Math.max.apply(null, notes.map(textWidth).concat([60]));
    var root = svg('svg', { width: width, height: row * rows.length + 30, class: 'chart', role: 'img', 'aria-label': t('chart_forest') });
    root.appendChild(svg('line', { x1: X(0), x2: X(0), y1: 0, y2: row * rows.length, class: 'axis' }));
    rows.forEach(function (d, i) {
      var ci = d.bootstrap || {}, y = i * row + row / 2, color = COLORS[d.verdict] || COLORS['within noise'];
      root.appendChild(svg('text', { x: 0, y: y + 4 }, names[i]));
      root.appendChild(svg('line', { x1: X(ci.ci_low || 0), x2: X(ci.ci_high || 0), y1: y, y2: y, stroke: color, 'stroke-width': 3 }));
      root.appendChild(svg('circle', { cx: X(d.delta || 0), cy: y, r: 5, fill: color }));
      root.appendChild(svg('text', { x: left + w + 14, y: y + 4 }, notes[i]));
    });
    var yb = row * rows.length + 16;
    root.appendChild(svg('text', { x: X(-lim), y: yb, 'text-anchor': 'middle' }, signed(-lim)));
    root.appendChild(svg('text', { x: X(0), y: yb, 'text-anchor': 'middle' }, t('no_difference')));
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
      button(t('show_p2f', { n: m.pass_to_fail }), 'p2f', 'show-p2f'), button(t('show_f2p', { n: m.fail_to_pass }), 'f2p', 'show-f2p'),
      el('span', { cls: 'muted', text: t('flip_note', { s: (c.skipped || []).length, oa: (c.only_in_a || []).length, a: runName(0),
        ob: (c.only_in_b || []).length, b: runName(state.b) }) })]);
  }

  function runsTable() {
    var rows = runs.map(function (r, i) {
      var s = r.summary || {}, tr = el('tr', { testid: 'run-row-' + i });
      append(tr, [td(i === 0 ? 'A' : 'B' + (runs.length > 2 ? i : ''), 'nowrap', 'role'), td(runName(i), 'nowrap', 'name'), td(show((r.adapter || {}).name), 'nowrap', 'adapter'),
        td(configText((r.adapter || {}).config), 'muted wrap', 'config'),
        td(s.total, 'num', 'total'), td(s.passed, 'num', 'passed'), td(s.failed, 'num', 'failed'), td(s.skipped, 'num', 'skipped'),
        td(f3(s.score), 'num', 'score'), td(pct(s.coverage), 'num', 'coverage'), td(show(r.run_id), 'muted nowrap', 'run_id')]);
      return tr;
    });
    return table(['', t('run'), t('system'), t('config'), t('questions'), t('passed'), t('failed'), t('skipped'), t('score'), t('coverage'), t('run_id')],
      rows, { testid: 'runs-table' });
  }

  function configText(config) {
    if (!config || typeof config !== 'object') return '';
    return Object.keys(config).sort().filter(function (k) { return config[k] !== null && config[k] !== undefined && typeof config[k] !== 'object'; })
      .map(function (k) { return k + '=' + config[k]; }).join(' ');
  }

  function tabs() {
    if (runs.length <= 2) return null;
    var box = el('div', { cls: 'tabs', testid: 'pick-run' }, el('span', { cls: 'muted', text: t('compare_with', { a: runName(0) }) }));
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
    var rows = [deltaRow(c.overall, 'cmp-overall')].concat((c.by_type || []).map(function (d) { return deltaRow(d, 'cmp-type-' + d.type); }));
    append(box, [el('h2', { text: t('b_against_a', { b: runName(state.b), a: runName(0) }) }), tabs(), headline(c), forest(c),
      table([t('type'), t('questions'), t('a_score'), t('b_score'), t('delta'), t('ci'), t('p2f'), t('f2p'), t('mcnemar_p'), t('verdict')], rows, { testid: 'delta-table' }),
      retrievalDeltas(c), flipButtons(c)]);
    return box;
  }

  /* each retrieval metric of B against A, over the questions both measured (paired bootstrap CI) */
  function retrievalDeltas(c) {
    if (!(c.retrieval || []).length) return null;
    var rows = c.retrieval.map(function (d) {
      var ci = d.bootstrap || {}, k = d.k_a === d.k_b ? d.k_a : null;
      var tr = el('tr', { testid: 'retrieval-delta-' + d.metric + '-' + d.type });
      append(tr, [td(metricName(d.metric, k), 'nowrap'), td(d.type === 'overall' ? t('overall') : d.type), td(d.n, 'num'), td(f3(d.a), 'num'),
        td(f3(d.b), 'num'), td(signed(d.delta), 'num'), td('[' + signed(ci.ci_low) + ', ' + signed(ci.ci_high) + ']', 'num nowrap'),
        td(el('span', { cls: 'verdict ' + verdictClass(d.verdict), text: verdictWord(d.verdict) }))]);
      return tr;
    });
    return el('div', {}, el('h3', { text: t('retrieval_deltas') }),
      table([t('metric'), t('type'), t('questions'), 'A', 'B', t('delta'), t('ci'), t('verdict')], rows, { testid: 'retrieval-deltas' }));
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
    if (state.document && (q.documents || []).indexOf(state.document) < 0) return false;
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

  /* the run page's default order: failures first (lowest score first), then skips, then passes */
  function problemKey(q) {
    var e = entry(q, 0), rank = e ? PROBLEM_RANK[e.o] : 3;
    return [rank === undefined ? 1 : rank, e && isNum(e.s) ? e.s : 2];
  }

  function filtered() {
    if (state.matches) return state.matches;
    var idx = [];
    for (var i = 0; i < questions.length; i++) if (matches(questions[i])) idx.push(i);
    if (state.sortKey) {
      idx.sort(function (x, y) { return state.sortDir * (sortValue(questions[x], state.sortKey) - sortValue(questions[y], state.sortKey)) || x - y; });
    } else if (!isCmp) {
      var keys = {};
      idx.forEach(function (i) { keys[i] = problemKey(questions[i]); });
      idx.sort(function (x, y) { return keys[x][0] - keys[y][0] || keys[x][1] - keys[y][1] || x - y; });
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
    var search = el('input', { testid: 'search', title: t('search_title') });
    search.type = 'search'; search.placeholder = t('search_placeholder'); search.value = state.search;
    var timer = null;
    search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { setFilter('search', search.value.trim().toLowerCase()); }, 120);
    });
    var box = el('div', { cls: 'controls' }, search,
      select([['', t('all')]].concat(types.map(function (tp) { return [tp, tp]; })), 'type', 'filter-type', t('type')),
      select([['', t('all')], ['FAIL', t('o_FAIL')], ['SKIP', t('o_SKIP')], ['ERROR', t('o_ERROR')], ['PASS', t('o_PASS')]], 'outcome', 'filter-outcome', isCmp ? t('outcome_in_b') : t('outcome')));
    var docs = [];
    questions.forEach(function (q) { (q.documents || []).forEach(function (d) { if (docs.indexOf(d) < 0) docs.push(d); }); });
    if (docs.length) {
      append(box, select([['', t('all')]].concat(docs.sort().map(function (d) { return [d, d]; })), 'document', 'filter-document', t('document_filter')));
    }
    if (isCmp) {
      append(box, select([['', t('all')], ['flip', t('ch_flip')], ['p2f', t('p2f')], ['f2p', t('f2p')], ['up', t('ch_up')],
        ['down', t('ch_down')], ['skip', t('ch_skip')], ['changed', t('ch_any')]], 'change', 'filter-change', t('change')));
    }
    return box;
  }

  function headerRow() {
    var cols = isCmp
      ? [[t('id')], [t('type')], ['A'], ['B'], [t('a_score'), 'score_a'], [t('b_score'), 'score'], ['Δ', 'delta'], [t('question')]]
      : [[t('id')], [t('type')], [t('outcome')], [t('score'), 'score'], [t('why')], [t('question')]];
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
    append(tr, [td(q.id, 'nowrap', 'id'), td(q.type, 'nowrap', 'type')]);
    if (isCmp) {
      var b = entry(q, state.b);
      append(tr, [td(badge(a && a.o), '', 'a'), td(badge(b && b.o), '', 'b'), td(f3(a && a.s), 'num', 'score_a'), td(f3(b && b.s), 'num', 'score_b'),
        td(a && b && isNum(a.s) && isNum(b.s) ? signed(b.s - a.s) : '–', 'num', 'delta')]);
    } else {
      append(tr, [td(badge(a && a.o), '', 'outcome'), td(f3(a && a.s), 'num', 'score'), td(why(a) || '', 'why', 'why')]);
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
    document.querySelector('[data-testid="match-count"]').textContent = t('match_count', { n: idx.length, total: questions.length });
    document.querySelector('[data-testid="page-info"]').textContent = idx.length
      ? t('page_info', { from: start + 1, to: end, page: state.page + 1, pages: pages }) : t('no_match');
    document.querySelector('[data-testid="pager-prev"]').disabled = state.page === 0;
    document.querySelector('[data-testid="pager-next"]').disabled = state.page >= pages - 1;
  }

  function pager() {
    var prev = el('button', { text: t('previous'), testid: 'pager-prev' }), next = el('button', { text: t('next'), testid: 'pager-next' });
    prev.addEventListener('click', function () { state.page -= 1; renderRows(); });
    next.addEventListener('click', function () { state.page += 1; renderRows(); });
    return el('div', { cls: 'pager' }, prev, next, el('span', { cls: 'muted', testid: 'page-info' }), el('span', { cls: 'muted', testid: 'match-count' }));
  }

  function questionsSection() {
    var section = el('section', {}, el('h2', { text: isCmp ? t('questions_title') : t('questions_title_run') }), controls(), pager(),
      el('div', { cls: 'scroll' }, el('table', { testid: 'questions' }, el('thead', {}, headerRow()), el('tbody', {}))));
    section.id = 'questions';
    section.querySelector('tbody').id = 'qbody';
    return section;
  }

  // --- drill-down --------------------------------------------------------------------------------

  function list(items, render, testid) {
    if (!items || !items.length) return el('p', { cls: 'muted', text: t('none') });
    return el('ul', { testid: testid }, items.map(function (x) { return el('li', {}, render(x)); }));
  }

  /* where a citation points: its document (in a case file), page and lines, then its quote */
  function citationText(c) {
    if (typeof c !== 'object' || c === null) return show(c);
    var doc = c.doc || c.document;
    var where = (doc ? doc + ' ' : '') + (c.page !== null && c.page !== undefined ? t('page_n', { p: c.page }) : t('no_page')) + (c.lines ? ' ' + t('lines_n', { l: c.lines }) : '');
    return where + (c.quote ? ' “' + c.quote + '”' : '');
  }

  /* a value whose dates, amounts and page numbers never break inside (Chinese text still wraps) */
  function valueText(text) {
    var box = el('span', {});
    String(text).split(/(\s+)/).forEach(function (part) {
      append(box, /^[\x21-\x7e元]+$/.test(part) ? el('span', { cls: 'nowrap', text: part }) : part);
    });
    return box;
  }

  /* each component in plain words: what, score, weight, what was expected, what was read, why */
  function componentsTable(e) {
    var items = plain(e);
    if (!items.length) return el('p', { cls: 'muted', text: t('not_scored') });
    var rows = items.map(function (p) {
      var tr = el('tr', { cls: isNum(p.score) && p.score < 1 ? 'short' : '' });
      tr.setAttribute('data-component', p.component);
      append(tr, [td(p.label, 'nowrap'), td(f3(p.score), 'num'), td(isNum(p.weight) ? p.weight.toFixed(2) : '–', 'num'),
        td(valueText(p.expected), 'val'), td(valueText(p.read), 'val'), td(p.why)]);
      return tr;
    });
    return table([t('what'), t('score'), t('weight'), t('expected'), t('read'), t('why')], rows, { testid: 'components' });
  }

  /* in a case file each check names the document it was made in; the why names where the evidence is */
  function citationChecks(checks) {
    var named = checks.some(function (c) { return c.document; });
    var rows = checks.map(function (c) {
      return el('tr', {}, td(c.source, 'nowrap'), named ? td(c.document, 'nowrap') : null, td(c.page, 'num'), td(c.lines, 'num'), td(c.quote),
        td(c.correct ? t('correct') : t('wrong'), 'nowrap'), td(c.reason));
    });
    var heads = [t('from')].concat(named ? [t('document')] : []).concat([t('page'), t('lines'), t('quote'), t('verdict'), t('why')]);
    return table(heads, rows, { testid: 'citation-checks' });
  }

  /* the answer's ranked contexts (top k) with the gold locations each matched */
  function retrievalDetail(r, i) {
    var line = METRICS.map(function (m) { return metricName(m, r.k) + ' ' + f3(r[m]); }).join(' · ');
    var golds = (r.gold_locations || []).map(function (g, n) { return el('li', { text: '#' + n + ' ' + citationText(g) + (g.text ? ' “' + g.text + '”' : '') }); });
    var rows = (r.ranks || []).map(function (c) {
      var hit = (c.matches || []).length;
      return el('tr', { cls: hit ? 'cited' : '' }, td(c.rank, 'num'), td(c.document), td(c.page, 'num'), td(c.lines, 'num'),
        td(hit ? c.matches.map(function (m) { return '#' + m; }).join(' ') : t('none')));
    });
    return [el('h3', { text: t('retrieval') }), el('p', { cls: 'muted', text: line }), el('ul', {}, golds),
      table([t('rank'), t('document'), t('page'), t('lines'), t('gold_matched')], rows, { testid: 'retrieval-ranks-' + i })];
  }

  function runColumn(q, i) {
    var e = entry(q, i), col = el('div', { testid: 'run-detail-' + i });
    append(col, el('h3', {}, (isCmp ? (i === 0 ? 'A: ' : 'B: ') : '') + runName(i) + ' ', badge(e && e.o), ' ', e && isNum(e.s) ? t('score') + ' ' + f3(e.s) : ''));
    if (!e) return append(col, el('p', { cls: 'muted', text: t('run_lacks') }));
    if (e.skip) append(col, el('p', { text: t('skipped_because', { reason: e.skip }) }));
    if (e.err) append(col, el('p', { testid: 'scorer-error-' + i, text: t('scorer_raised', { reason: e.err }) }));
    var a = e.a || {}, d = e.d || {};
    append(col, [el('h3', { text: t('answer') }), el('div', { cls: 'answer', testid: 'answer-' + i, text: a.answer === undefined ? t('no_answer_paren') : show(a.answer) })]);
    if (a.abstained !== undefined && a.abstained !== null) append(col, el('p', { text: t('abstained') + t('colon') + show(a.abstained) }));
    append(col, [el('h3', { text: t('why_this_score') }), componentsTable(e)]);
    append(col, [el('h3', { text: t('citations_given') }), list(a.citations, citationText, 'citations-' + i)]);
    append(col, [el('h3', { text: t('evidence_returned') }), list(a.evidence, function (x) { return typeof x === 'string' ? x : citationText({ page: x.page, quote: x.text, doc: x.doc }); }, 'evidence-' + i)]);
    if (a.fields && Object.keys(a.fields).length) append(col, [el('h3', { text: t('structured_fields') }), kvList(a.fields)]);
    var checks = Array.isArray(d.citations) ? d.citations : d.citation && Array.isArray(d.citation.citations) ? d.citation.citations : null;
    if (checks && checks.length) append(col, [el('h3', { text: t('citation_checks') }), citationChecks(checks)]);
    if (d.retrieval && d.retrieval.ranks) append(col, retrievalDetail(d.retrieval, i));
    if (Object.keys(d).length) {
      append(col, el('details', { cls: 'dev' }, el('summary', { text: t('diagnostics') }), el('pre', { cls: 'json', text: JSON.stringify(d, null, 2) })));
    }
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
    if (q.case_docs) {  // a case file: each document holding required evidence or cited by an answer
      if (!q.case_docs.length) return el('p', { cls: 'muted', text: t('no_lines') });
      return el('div', { testid: 'case-docs' }, q.case_docs.map(function (b) {
        var citedHere = function (e) { return ((e && e.cld) || {})[b.id] || []; };
        return el('div', { testid: 'case-doc-' + b.id }, el('h4', { text: b.title + ' (' + b.id + ')' }), docBlock(b, shownRuns, citedHere, q));
      }));
    }
    return docBlock(q, shownRuns, function (e) { return (e && e.cl) || []; }, q);
  }

  /* one document's lines: ``src`` gives its key (doc), required lines and marks; ``citedOf`` a run entry's cited lines */
  function docBlock(src, shownRuns, citedOf, q) {
    var doc = src.doc && (DATA.docs || {})[src.doc];
    if (!doc) return el('p', { cls: 'muted', text: t('no_document') });
    var req = {}, cited = {}, wanted = {};
    (src.req_lines || []).forEach(function (n) { req[n] = true; wanted[n] = true; });
    shownRuns.forEach(function (i) {
      var e = entry(q, i);
      citedOf(e).forEach(function (n) { (cited[n] = cited[n] || []).push(isCmp ? (i === 0 ? 'A' : 'B') : t('cited')); wanted[n] = true; });
    });
    var numbers = {};
    Object.keys(wanted).forEach(function (k) {
      var n = Number(k);
      for (var d = -1; d <= 1; d++) if (doc.lines[String(n + d)]) numbers[n + d] = true;
    });
    var sorted = Object.keys(numbers).map(Number).sort(function (x, y) { return x - y; });
    if (!sorted.length) return el('p', { cls: 'muted', text: t('no_lines') });
    var rows = [], prev = null;
    sorted.forEach(function (n) {
      if (prev !== null && n > prev + 1) rows.push(el('tr', { cls: 'gap' }, el('td', { text: '…' }), el('td', {}), el('td', {}), el('td', {})));
      var line = doc.lines[String(n)], tr = el('tr', { cls: (req[n] ? 'req ' : '') + (cited[n] ? 'cited' : '') });
      tr.setAttribute('data-line', String(n));
      append(tr, [el('td', { cls: 'ln', text: n }), el('td', { cls: 'muted nowrap', text: t('page_n', { p: line[0] }) }),
        el('td', { cls: 'muted nowrap', text: cited[n] ? cited[n].join(' ') : '' }), markedText(line[1], (src.marks || {})[String(n)])]);
      rows.push(tr);
      prev = n;
    });
    return el('div', {}, el('div', { cls: 'legend' }, el('span', {}, el('span', { cls: 'sw cited' }), t('legend_cited')),
      el('span', {}, el('span', { cls: 'sw req' }), t('legend_required')), el('span', { text: doc.name })),
    table([t('line'), t('page'), t('cited'), t('text')], rows, { cls: 'doc', testid: 'doc-lines' }));
  }

  function requiredList(q) {
    var found = q.found || null, missing = [];
    (q.case_docs || []).forEach(function (b) { missing = missing.concat(b.missing || []); });
    return list(q.required, function (r) {
      var idx = q.required.indexOf(r);
      var lost = q.case_docs ? missing.indexOf(r.text) >= 0 : found && q.doc && found.indexOf(idx) < 0;
      return (r.document ? r.document + ' ' : '') + t('page_n', { p: r.page }) + (r.critical ? t('critical') : '') + t('colon') + r.text +
        (lost ? '  ' + t('not_located') : '');
    }, 'required');
  }

  function openDetail(i) {
    state.selected = i;
    var q = questions[i], box = document.getElementById('detail');
    var shown = isCmp ? [0, state.b] : [0];
    var content = [el('h2', { text: t('question_n', { id: q.id, type: q.type }), testid: 'detail-title' }),
      el('div', { cls: 'answer', testid: 'detail-question', text: q.question || t('no_question_text') })];
    if (q.tags && q.tags.length) content.push(el('p', { cls: 'muted', text: t('tags') + t('colon') + q.tags.join(', ') }));
    content.push(el('h3', { text: t('expected_gold') }), q.expected ? kvList(q.expected) : el('p', { cls: 'muted', text: t('unavailable') }));
    if (q.required && q.required.length) content.push(el('h3', { text: t('required_evidence') }), requiredList(q));
    content.push(el('div', { cls: 'cols' }, shown.map(function (k) { return runColumn(q, k); })));
    content.push(el('h3', { text: t('document_lines') }), docLines(q, shown));
    box.replaceChildren.apply(box, content);
    box.hidden = false;
    Array.prototype.forEach.call(document.querySelectorAll('tr.q.selected'), function (r) { r.classList.remove('selected'); });
    Array.prototype.forEach.call(document.querySelectorAll('#qbody tr.q'), function (r) { if (r.getAttribute('data-id') === q.id) r.classList.add('selected'); });
    if (location.hash !== '#q=' + encodeURIComponent(q.id)) history.replaceState(null, '', '#q=' + encodeURIComponent(q.id));
    box.scrollIntoView();
  }

  function detailSection() {
    var box = el('section', { testid: 'detail' }, el('p', { cls: 'muted', text: t('click_question') }));
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

  // the sections of each page, in order; each returns nodes (or none)
  var RUN_SECTIONS = [header, runSummary, typeSection, retrievalSection, questionsSection, detailSection];
  var CMP_SECTIONS = [header, leaderboard, function () { return [el('h2', { text: t('runs') }), runsTable()]; }, comparisonSection,
    questionsSection, detailSection];

  function main() {
    var app = document.getElementById('app'), parts = [];
    document.documentElement.lang = state.lang === 'zh' ? 'zh-CN' : 'en';
    (isCmp ? CMP_SECTIONS : RUN_SECTIONS).forEach(function (section) { parts = parts.concat(section()); });
    app.replaceChildren.apply(app, parts);
    state.matches = null;
    renderRows();
    var hash = decodeURIComponent((location.hash || '').replace(/^#q=/, ''));
    var target = state.selected >= 0 ? state.selected : -1;
    if (target < 0 && hash) {
      for (var i = 0; i < questions.length; i++) if (questions[i].id === hash) { target = i; break; }
    }
    if (target >= 0) openDetail(target);
    document.body.setAttribute('data-lang', state.lang);
    document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
    document.body.setAttribute('data-ready', '1');
  }

  main();
})();
